import { Alert, Box, Typography } from '@mui/material';
import { type Letter, zLetter } from '@porta/contracts';
import type { ReactNode } from 'react';
import { Title, useBasename, useTranslate } from 'react-admin';
import { Navigate, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { HousingCompanyPicker } from '../../content/HousingCompanyPicker';
import { isUuid, lettersPaths, useLettersGet, useProblemText } from './api';
import { DeliveryLog } from './DeliveryLog';
import { LetterList } from './LetterList';
import { LetterWizard } from './LetterWizard';
import { LetterPreviewPage } from './PreviewPanel';
import { SentLetter } from './SentLetter';
import { Loading } from './shared';

/**
 * E-mail letters (03 §2 /admin/email-letters/…): choose a housing company, then its letters; a
 * draft opens in the wizard (content, recipients, preview, send), a sent letter its page, with
 * its log and preview at their own addresses. Loaded when first opened (App.tsx).
 */
export default function LettersPage() {
  return (
    <Routes>
      <Route index element={<CompanyChoice />} />
      <Route path=":hc" element={<WithCompany>{(hc) => <ToList housingCompanyId={hc} />}</WithCompany>} />
      <Route
        path=":hc/messages"
        element={<WithCompany>{(hc) => <LetterList housingCompanyId={hc} />}</WithCompany>}
      />
      <Route
        path=":hc/message/new"
        element={<WithCompany>{(hc) => <LetterWizard housingCompanyId={hc} letter={null} />}</WithCompany>}
      />
      <Route
        path=":hc/message/:id"
        element={<WithLetter>{(letter) => <LetterScreen letter={letter} />}</WithLetter>}
      />
      <Route
        path=":hc/message/:id/logs"
        element={<WithLetter>{(letter) => <DeliveryLog letter={letter} />}</WithLetter>}
      />
      <Route
        path=":hc/preview/:id"
        element={<WithLetter>{(letter) => <LetterPreviewPage letter={letter} />}</WithLetter>}
      />
      <Route path="*" element={<CompanyChoice />} />
    </Routes>
  );
}

/** /email-letters: the housing companies the viewer may use, searched by name. */
function CompanyChoice() {
  const translate = useTranslate();
  const basename = useBasename();
  const navigate = useNavigate();
  return (
    <Box sx={{ py: 2 }}>
      <Title title="porta.letters.title" />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('porta.letters.title')}
      </Typography>
      <HousingCompanyPicker
        value={null}
        onChange={(next) => {
          if (next) navigate(`${basename}${lettersPaths.list(next.id)}`);
        }}
      />
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        {translate('porta.letters.choose_company')}
      </Typography>
    </Box>
  );
}

/** /email-letters/{hc}: the company's letters. */
function ToList({ housingCompanyId }: { housingCompanyId: string }) {
  const basename = useBasename();
  return <Navigate replace to={`${basename}${lettersPaths.list(housingCompanyId)}`} />;
}

function NotFound() {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 2 }}>
      <Title title="porta.letters.title" />
      <Alert severity="warning">{translate('porta.errors.LETTER_NOT_FOUND', { _: 'Not found' })}</Alert>
    </Box>
  );
}

/** A screen of one housing company, its id from the address. */
function WithCompany({ children }: { children: (housingCompanyId: string) => ReactNode }) {
  const { hc } = useParams();
  return isUuid(hc) ? children(hc) : <NotFound />;
}

/** A screen of one letter, loaded by the id in the address. */
function WithLetter({ children }: { children: (letter: Letter) => ReactNode }) {
  const { hc, id } = useParams();
  const problemText = useProblemText();
  const valid = isUuid(hc) && isUuid(id);
  const letter = useLettersGet(valid ? `/letters/${encodeURIComponent(id)}` : null, zLetter);
  if (!valid) return <NotFound />;
  if (letter.error && !letter.data) {
    return (
      <Box sx={{ py: 2 }}>
        <Title title="porta.letters.title" />
        <Alert severity="error">{problemText(letter.error)}</Alert>
      </Box>
    );
  }
  if (!letter.data) return <Loading sx={{ mt: 2 }} />;
  // A new id (a copy opened) starts its screen afresh.
  return <Box key={letter.data.id}>{children(letter.data)}</Box>;
}

/** /message/:id: a draft in the wizard, at the step the previous screen asked for; a sent letter's page. */
function LetterScreen({ letter }: { letter: Letter }) {
  const location = useLocation();
  const step = (location.state as { step?: number } | null)?.step ?? 0;
  return letter.status === 'draft' ? (
    <LetterWizard housingCompanyId={letter.housingCompanyId} letter={letter} initialStep={step} />
  ) : (
    <SentLetter letter={letter} />
  );
}
