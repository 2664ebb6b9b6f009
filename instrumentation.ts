/**
 * Runs once when the server starts: a wrong configuration stops it here, with a message naming
 * the variable and what is expected, instead of failing on the first request.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { checkConfigurationAtStartup } = await import('./lib/startup');
  await checkConfigurationAtStartup();
}
