/** Moved to core/messages.ts (the folders' shared layer); kept for the modules that still import it here. */
export * from './core/messages';
