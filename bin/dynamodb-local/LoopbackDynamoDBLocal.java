/*
 * Starts Amazon's DynamoDB Local bound to one address (127.0.0.1 unless -Ddynamodb.host says
 * otherwise). DynamoDB Local itself has no option for this and listens on every interface, with
 * no authentication: anyone on the network could read and write the table. This launcher builds
 * the server exactly as DynamoDB Local's own main() does, then sets the host of its Jetty
 * connector before starting it. Run in Java's source-file mode by bin/local-stack.ts.
 */
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

public class LoopbackDynamoDBLocal {
  public static void main(String[] args) throws Exception {
    String host = System.getProperty("dynamodb.host", "127.0.0.1");
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    int bound = 0;
    for (Connector connector : server.getConnectors()) {
      if (connector instanceof ServerConnector) {
        ((ServerConnector) connector).setHost(host);
        bound++;
      }
    }
    if (bound == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind to " + host);
    proxy.start();
    proxy.join();
  }
}
