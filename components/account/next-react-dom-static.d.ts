// Next ships its compiled copy of React's renderers without types: they are React's own.
declare module 'next/dist/compiled/react-dom/static.edge' {
  export { prerender } from 'react-dom/static.edge';
}
