/** Moved to core/ErrorBoundary.tsx (the folders' shared layer); kept for the modules that still import it here. */
export * from './core/ErrorBoundary';
