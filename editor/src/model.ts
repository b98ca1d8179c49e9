/** Moved to core/model.ts (the folders' shared layer); kept for the modules that still import it here. */
export * from './core/model';
