// Stands in for `server-only` in Jest, which has no react-server condition.
export {};
