/** Roles, routes, the navigation decision and the menu (spec 000 §2 §6, 001 §2 §6, 002 §2 §5 §6). */
export * from './userTypes.ts';
export * from './roleSets.ts';
export * from './routes.ts';
export * from './guard.ts';
export * from './menu.ts';
