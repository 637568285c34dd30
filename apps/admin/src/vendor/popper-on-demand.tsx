import type { PopperProps } from '@mui/material/Popper';
import { forwardRef, useEffect, useState } from 'react';

/**
 * MUI's Tooltip renders a Popper (with Popper.js, ~9 KB gzip) beside every button that has a tooltip, and the
 * header and react-admin's layout have several, so react-admin's chunk carried it for a box that shows only once
 * a pointer rests on a button or a keyboard focuses it. vite.config.ts points Tooltip's import of Popper here.
 *
 * A closed Popper renders nothing, so until a tooltip first opens this renders nothing either. That first opening
 * fetches the real Popper's chunk; from then on every tooltip renders the real Popper with every prop Tooltip gives
 * it (its closing transition included). The button a tooltip describes is Tooltip's own child, beside this, so it
 * is never mounted anew and keeps its focus. A failed fetch leaves the tooltip unshown and the next opening tries
 * again (ADR 083).
 */
type Popper = typeof import('@mui/material/Popper').default;

let loaded: Popper | undefined;
let loading: Promise<Popper> | undefined;

function loadPopper(): Promise<Popper> {
  loading ??= import('@mui/material/Popper').then(
    (module) => (loaded = module.default),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const PopperOnDemand = forwardRef<HTMLDivElement, PopperProps>(function PopperOnDemand(props, ref) {
  const [RealPopper, setRealPopper] = useState<Popper | undefined>(() => loaded);
  const { open } = props;

  useEffect(() => {
    if (!open || RealPopper) return undefined;
    let current = true;
    loadPopper().then(
      (component) => current && setRealPopper(() => component),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [open, RealPopper]);

  return RealPopper ? <RealPopper ref={ref} {...props} /> : null;
});

export default PopperOnDemand;
