/** Moved to core/confirm.tsx (the folders' shared layer); kept for the modules that still import it here. */
export * from './core/confirm';
