// Stand-in for the 'server-only' marker package in tests, which run on the server side.
export {};
