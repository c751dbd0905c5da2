import { type Theme, useMediaQuery } from '@mui/material';

/** On a phone the library's dialogs fill the screen: the rules table and the nine names need the room. */
export function useFullScreenDialog(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
}
