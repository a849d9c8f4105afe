export * from './compose';
export * from './describe';
export * from './doc';
export * from './transforms';
export * from './validate';
