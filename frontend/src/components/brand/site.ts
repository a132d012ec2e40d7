/** Names and contact details shown in headers, footers and static pages. */
export const SITE = {
  ecosystemTitle: 'Dental Developer Ecosystem',
  marketplaceTitle: 'Dental App Marketplace',
  company: 'Dental Developer Ecosystem, Inc.',
  supportEmail: 'support@dentalecosystem.com',
  privacyEmail: 'privacy@dentalecosystem.com',
  supportPhone: '+1 (800) 555-0142',
  supportPhoneHref: 'tel:+18005550142',
  supportHours: 'Monday to Friday, 8 am to 6 pm (US Eastern)',
} as const;

/** API documentation: the build-time docs URL when configured, else the SPA's own /docs page. */
export const DOCS_URL: string = import.meta.env?.VITE_DOCS_URL || '/docs';
