// Placeholder frame until the client issue lands: proves the build, the PWA shell and the server.
export function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 24 }}>
      <h1>Quality Monitoring</h1>
      <p>Configure anomaly monitors, capability alerts and limits for your production lines.</p>
    </main>
  )
}
