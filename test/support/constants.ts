export const TEST_ADMIN = { email: 'admin@dentalmarket.test', password: 'AdminPass123!' } as const;
