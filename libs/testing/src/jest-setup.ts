// Shared setup for every test file: keeps logs quiet unless LOG_LEVEL is set.
process.env.LOG_LEVEL = process.env.LOG_LEVEL || 'silent';
