import type { components } from '../../contract/schema.d.ts';

/**
 * CR Tutors (spec §2): the branch's contractor tutors as cards: name, photo or a default image, subject
 * chips, and a detail with levels, location, qualifications, speciality and bio (a fixed default blurb
 * when the tutor wrote none).
 */

export type Contractor = components['schemas']['Contractor'];

/** The bio of a tutor who wrote none. */
export const defaultTutorBio = 'A friendly, experienced tutor who shapes every lesson around your child: their pace, their goals and their confidence.';

/** What a detail shows for a field the tutor left blank. */
export const notStatedText = 'Not stated';

export interface TutorCard {
  id: number;
  firstName: string;
  lastName: string;
  /** 'Amira Haddad'. */
  name: string;
  /** An image address the app may load (same site, https or an inline image); null for the default image. */
  photo: string | null;
  subjects: string[];
  /** 'Up to Year 13'. */
  levels: string;
  /** 'Dubai Marina, United Arab Emirates'. */
  location: string;
  qualifications: string;
  speciality: string;
  bio: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The JSON text of a subject list (the spec's form), read without throwing; anything else is no list. */
function parsedList(text: string): unknown[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

/**
 * The subject names of a tutor, in the server's order, each once (case aside), blanks dropped. The contract
 * sends a list of `{ name }`; the spec describes it as JSON text of that list, which is read too.
 */
export function tutorSubjects(subject: Contractor['subject'] | string): string[] {
  const entries: unknown[] = typeof subject === 'string' ? parsedList(subject) : subject;
  const seen = new Set<string>();
  const names: string[] = [];
  for (const entry of entries) {
    const name = isRecord(entry) && typeof entry.name === 'string' ? entry.name.trim() : '';
    const key = name.toLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    names.push(name);
  }
  return names;
}

/** quallevel is the highest year the tutor teaches: 13 → 'Up to Year 13'. */
export function levelsText(quallevel: number): string {
  return Number.isInteger(quallevel) && quallevel >= 1 && quallevel <= 13 ? `Up to Year ${quallevel}` : notStatedText;
}

/** 'Dubai Marina, United Arab Emirates'; either part alone when the other is blank. */
export function locationText(town: string, country: string): string {
  return [town, country].map((part) => part.trim()).filter(Boolean).join(', ') || notStatedText;
}

/** The tutor's own bio, or the default blurb when there is none. */
export function tutorBio(bio: string | null): string {
  return bio?.trim() || defaultTutorBio;
}

/**
 * The photo address when the page may load it (the app's Content-Security-Policy allows images from the
 * site itself, https and inline data); anything else, or none, gets the local default image.
 */
export function tutorPhoto(photo: string | null): string | null {
  const address = photo?.trim() ?? '';
  return /^(https:\/\/|\/(?!\/)|data:image\/)/i.test(address) ? address : null;
}

const stated = (text: string) => text.trim() || notStatedText;

/** A tutor as the card shows it. */
export function tutorCard(tutor: Contractor): TutorCard {
  const firstName = tutor.first_name.trim();
  const lastName = tutor.last_name.trim();
  return {
    id: tutor.id,
    firstName,
    lastName,
    name: `${firstName} ${lastName}`.trim(),
    photo: tutorPhoto(tutor.photo),
    subjects: tutorSubjects(tutor.subject),
    levels: levelsText(tutor.quallevel),
    location: locationText(tutor.town, tutor.country),
    qualifications: stated(tutor.qualifications),
    speciality: stated(tutor.speciality),
    bio: tutorBio(tutor.bio),
  };
}
