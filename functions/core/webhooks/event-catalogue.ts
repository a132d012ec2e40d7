/**
 * The events a webhook can subscribe to: what happens in a dental practice (patients,
 * appointments, treatment plans, claims, payments, lab cases, recalls, prescriptions, imaging) and
 * in the marketplace (licences). Seeded into the table (bin/seed/event-types.ts); the internal
 * sync will later add to it in the same item shape. While nothing is stored, this list is the
 * catalogue.
 */

export interface EventTypeDefinition {
  name: string;
  description: string;
  /**
   * What makes the event fire, as the internal system's event types describe it. The seeded ones
   * use record_created, record_updated, status_changed, scheduled and marketplace.
   */
  trigger_type: string;
}

export const DENTAL_EVENT_TYPES: readonly EventTypeDefinition[] = [
  { name: 'patient.created', description: 'A patient record was created', trigger_type: 'record_created' },
  { name: 'patient.updated', description: 'A patient record was changed', trigger_type: 'record_updated' },
  { name: 'appointment.scheduled', description: 'An appointment was booked', trigger_type: 'record_created' },
  {
    name: 'appointment.rescheduled',
    description: 'An appointment moved to another time',
    trigger_type: 'record_updated',
  },
  { name: 'appointment.cancelled', description: 'An appointment was cancelled', trigger_type: 'status_changed' },
  { name: 'appointment.completed', description: 'An appointment took place', trigger_type: 'status_changed' },
  {
    name: 'appointment.no_show',
    description: 'The patient did not come to an appointment',
    trigger_type: 'status_changed',
  },
  { name: 'treatment_plan.created', description: 'A treatment plan was proposed', trigger_type: 'record_created' },
  {
    name: 'treatment_plan.accepted',
    description: 'The patient accepted a treatment plan',
    trigger_type: 'status_changed',
  },
  { name: 'claim.submitted', description: 'An insurance claim was submitted', trigger_type: 'record_created' },
  { name: 'claim.paid', description: 'An insurance claim was paid', trigger_type: 'status_changed' },
  { name: 'claim.denied', description: 'An insurance claim was denied', trigger_type: 'status_changed' },
  { name: 'payment.received', description: 'A patient payment was received', trigger_type: 'record_created' },
  { name: 'lab_case.sent', description: 'A lab case was sent to the lab', trigger_type: 'status_changed' },
  { name: 'lab_case.received', description: 'A lab case came back from the lab', trigger_type: 'status_changed' },
  { name: 'recall.due', description: 'A patient is due for a recall visit', trigger_type: 'scheduled' },
  {
    name: 'prescription.issued',
    description: 'A prescription was issued to a patient',
    trigger_type: 'record_created',
  },
  {
    name: 'imaging.study_completed',
    description: 'An imaging study (radiographs, CBCT, intraoral scan) was completed',
    trigger_type: 'status_changed',
  },
  { name: 'license.purchased', description: 'A licence for one of your apps was bought', trigger_type: 'marketplace' },
  { name: 'license.revoked', description: 'A licence for one of your apps was revoked', trigger_type: 'marketplace' },
  { name: 'install.created', description: 'A practice installed one of your apps', trigger_type: 'marketplace' },
  {
    name: 'install.updated',
    description: "A practice granted one of your apps' permissions",
    trigger_type: 'marketplace',
  },
  { name: 'install.revoked', description: "A practice revoked one of your apps' access", trigger_type: 'marketplace' },
];

/** Names of the catalogue, in name order (stored catalogue first, this list when none is stored). */
export function catalogueNames(stored: readonly { name: string }[]): string[] {
  const source = stored.length > 0 ? stored : DENTAL_EVENT_TYPES;
  return [...new Set(source.map((e) => e.name))].sort();
}
