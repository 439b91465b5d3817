// The root component.
import { AppShell } from './app-shell';
import { AppProvider } from './provider';

export function App() {
  return (
    <AppProvider>
      <AppShell />
    </AppProvider>
  );
}
