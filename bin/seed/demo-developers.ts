/**
 * Demo developer accounts (approved) that own the seeded marketplace apps. Fixed ids so the
 * catalogue seed can reference them and re-seeding stays idempotent.
 */
export const DEMO_PASSWORD = 'demo1234';

export const DEMO_DEVELOPERS = [
  {
    id: 'demo-dev-brightsmile',
    email: 'dr.chen@brightsmile.dev',
    full_name: 'Dr. Lena Chen',
    company_name: 'BrightSmile Software',
    website: 'https://brightsmile.example.com',
  },
  {
    id: 'demo-dev-molarworks',
    email: 'sam@molarworks.io',
    full_name: 'Sam Patel',
    company_name: 'MolarWorks',
    website: 'https://molarworks.example.com',
  },
  {
    id: 'demo-dev-dentaflow',
    email: 'ana@dentaflow.com',
    full_name: 'Ana Ruiz',
    company_name: 'DentaFlow Labs',
    website: 'https://dentaflow.example.com',
  },
  {
    id: 'demo-dev-clearbite',
    email: 'ops@clearbite.health',
    full_name: 'Marcus Okafor',
    company_name: 'ClearBite Health',
    website: 'https://clearbite.example.com',
  },
] as const;
