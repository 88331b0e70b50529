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
    /**
     * How a POST honours `Idempotency-Key` (plugins/idempotency.ts): 'transaction' (the default)
     * keeps the key with the request's writes; 'claim' is for streams, uploads and calls to other
     * services, which must not hold a transaction open.
     */
    idempotency?: 'transaction' | 'claim';
  }
}

export {};
