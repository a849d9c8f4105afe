/**
 * @jara/dto: every write model of the API, defined once (class-validator + class-transformer, nothing else).
 * The API validates request bodies with these classes; the storefront's actions and the back office's forms validate
 * the same classes (validateInput, validateField), so a rule, its limit and its message exist in one place.
 */
// class-transformer's @Type reads design:type through Reflect.getMetadata: the polyfill must load first, in browsers too.
import 'reflect-metadata';
export * from './core';
export * from './amount';
export * from './auth';
export * from './categories';
export * from './contact';
export * from './currencies';
export * from './deliveries';
export * from './guest-fee';
export * from './invoices';
export * from './kyc';
export * from './logistics';
export * from './notifications';
export * from './orders';
export * from './payouts';
export * from './products';
export * from './refunds';
export * from './support';
export * from './users';
export * from './wallet';
export * from './payouts';
export * from './messaging';
export * from './receipts';
export * from './last-mile';
