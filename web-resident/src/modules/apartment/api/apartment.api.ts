import type { ApartmentImages, zApartmentImages } from '@porta/contracts';
import { answer, type SessionClient } from '@porta/web-kit';
import { authorizedFetch } from '../../../shared/utils/http';

/** The apartment's content: its images (03 §5), every answer checked against its contract. */
export interface ApartmentApi {
  /** GET /api/content/apartments/:id/images: the apartment's images by name (404 unless the user's). */
  listImages(apartmentId: string): Promise<ApartmentImages>;
  /** An image's bytes, for the image viewer. */
  fetchImage(url: string): Promise<Blob>;
}

export function createApartmentApi(session: SessionClient): ApartmentApi {
  return {
    async listImages(apartmentId) {
      return answer<typeof zApartmentImages>(
        await session.request('GET', `/api/content/apartments/${encodeURIComponent(apartmentId)}/images`),
      );
    },
    async fetchImage(url) {
      return (await authorizedFetch(session, url)).blob();
    },
  };
}
