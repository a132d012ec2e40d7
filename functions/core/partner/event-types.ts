import type { EventTypeInfo } from './ports';

/**
 * The event types webhooks can subscribe to when no catalogue has been stored yet (the webhooks
 * and internal-sync modules store the real one under GSI1PK=EVENTTYPES).
 */
export const DEFAULT_EVENT_TYPES: readonly EventTypeInfo[] = [
  { name: 'patient.created', description: 'A patient record was created' },
  { name: 'patient.updated', description: 'A patient record was changed' },
  { name: 'appointment.scheduled', description: 'An appointment was booked' },
  { name: 'appointment.rescheduled', description: 'An appointment moved to another time' },
  { name: 'appointment.cancelled', description: 'An appointment was cancelled' },
  { name: 'appointment.completed', description: 'An appointment took place' },
  { name: 'treatment_plan.created', description: 'A treatment plan was proposed' },
  { name: 'treatment_plan.accepted', description: 'The patient accepted a treatment plan' },
  { name: 'claim.submitted', description: 'An insurance claim was submitted' },
  { name: 'claim.paid', description: 'An insurance claim was paid' },
  { name: 'claim.denied', description: 'An insurance claim was denied' },
  { name: 'payment.received', description: 'A patient payment was received' },
  { name: 'lab_case.sent', description: 'A lab case was sent to the lab' },
  { name: 'lab_case.received', description: 'A lab case came back from the lab' },
  { name: 'recall.due', description: 'A patient is due for a recall visit' },
  { name: 'license.purchased', description: 'A licence for one of your apps was bought' },
  { name: 'license.revoked', description: 'A licence for one of your apps was revoked' },
];
