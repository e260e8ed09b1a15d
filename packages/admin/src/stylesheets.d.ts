// The editor imports its stylesheet for esbuild, which bundles it into a CSS file of its own.
declare module '*.css';
