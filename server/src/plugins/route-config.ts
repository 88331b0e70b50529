import type { Module, Role } from '#contract/user';

/** Flags a route sets in its options' `config` (docs/conventions.md). */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** No token needed (health, docs, OAuth callbacks, public share links). */
    public?: boolean;
    /** Callers without this module get 403 module_not_enabled; admins have every module. */
    module?: Module;
    /** Callers without this role get 403. */
    role?: Role;
    /** Check revocation against the identity service on every call, never from cache. */
    sensitive?: boolean;
  }
}

export {};
