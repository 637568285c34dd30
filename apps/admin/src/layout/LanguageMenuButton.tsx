import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LanguageIcon from '@mui/icons-material/Translate';
import { Button, Menu, MenuItem } from '@mui/material';
import { type MouseEvent, useId, useState } from 'react';
import { useLocaleState, useLocales } from 'react-admin';
import { MountedOnceOpened } from './MountedOnceOpened';

/**
 * The header's language picker: react-admin's LocalesMenuButton, with its menu mounted from its first opening on.
 * react-admin keeps its menu mounted from the header's first frame, and each item of MUI's menu registers itself in
 * a layout effect: a second, synchronous render in the header's first task, which also ran every waiting effect
 * there, the longest task of a signed-in page's opening (ADR 084).
 */
export function LanguageMenuButton() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const languages = useLocales();
  const [locale, setLocale] = useLocaleState();
  const menuId = useId();
  const open = anchor !== null;
  const choose = (chosen: string) => {
    setLocale(chosen);
    setAnchor(null);
  };
  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        startIcon={<LanguageIcon />}
        endIcon={<ExpandMoreIcon fontSize="small" />}
      >
        {languages.find((language) => language.locale === locale)?.name}
      </Button>
      <MountedOnceOpened open={open}>
        <Menu anchorEl={anchor} open={open} onClose={() => setAnchor(null)} slotProps={{ list: { id: menuId } }}>
          {languages.map((language) => (
            <MenuItem key={language.locale} selected={language.locale === locale} onClick={() => choose(language.locale)}>
              {language.name}
            </MenuItem>
          ))}
        </Menu>
      </MountedOnceOpened>
    </>
  );
}
