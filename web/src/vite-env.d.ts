// Types for Vite's client-side globals (import.meta.env, asset imports).
/// <reference types="vite/client" />
