export default function HomePage() {
  return (
    <main>
      <h1>Dispatch Quote</h1>
      <p>El servicio de mensajería integrado está en /courier.</p>
    </main>
  );
}
