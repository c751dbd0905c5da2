import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Loader } from '../../../shared/ui/Loader';
import { resetHousingCompanyData } from '../hooks/housing-company-data';

/**
 * /change-housing-company (01 §2): clears the data of the previous housing company, has the user
 * and the features fetched again, then goes to the front page.
 */
export function ChangeHousingCompanyPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    void resetHousingCompanyData(queryClient).catch(() => {
      // A failed re-fetch is reported by the queries themselves (401 → session expired).
    });
    navigate('/', { replace: true });
  }, [queryClient, navigate]);

  return <Loader />;
}
