// @ts-check

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Keeps server-only packages out of the bundler: they run in Node as they are.
  serverExternalPackages: ['pino'],
};

module.exports = nextConfig;
