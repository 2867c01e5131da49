import { ROLE } from '../store/rows';
import type { SeedUser } from './builder';

const FIRST = [
  'Ada',
  'Ben',
  'Chidi',
  'Dara',
  'Emil',
  'Fatima',
  'Goran',
  'Hana',
  'Ines',
  'Jonas',
  'Kofi',
  'Lea',
  'Mateo',
  'Nadia',
  'Oskar',
  'Paula',
  'Quentin',
  'Rosa',
  'Sami',
  'Tara',
  'Umar',
  'Vera',
  'Wen',
  'Ximena',
  'Yusuf',
  'Zoe',
  'Aiko',
  'Bruno',
  'Clara',
  'Diego',
  'Elif',
  'Farid',
  'Greta',
  'Hugo',
  'Ivana',
  'Jamal',
  'Kira',
  'Luca',
  'Maya',
  'Nils',
];
const LAST = [
  'Alves',
  'Brandt',
  'Costa',
  'Dahl',
  'Eze',
  'Fischer',
  'Garcia',
  'Holm',
  'Ito',
  'Jansen',
  'Kaur',
  'Lopez',
  'Moreau',
  'Novak',
  'Okoro',
  'Petrov',
  'Quinn',
  'Rossi',
  'Sato',
  'Tanaka',
  'Usman',
  'Varga',
  'Weber',
  'Xu',
  'Yilmaz',
  'Zhang',
  'Andersen',
  'Banerjee',
  'Cohen',
  'Dubois',
  'Engel',
  'Fernandes',
  'Gruber',
  'Hoffmann',
  'Iqbal',
  'Jovanovic',
  'Kowalski',
  'Lindqvist',
  'Mensah',
  'Nakamura',
  'Ortiz',
  'Park',
  'Reyes',
  'Schmidt',
  'Torres',
  'Ueda',
  'Vogel',
  'Wagner',
  'Yamamoto',
  'Zimmermann',
];
const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'America/Sao_Paulo', 'Asia/Tokyo'];

/**
 * The people of the `huge` seed. 40 × 50 first and last names give 2,000 distinct names, so every
 * name is shared by about fifteen people, as in a real 30,000-person organization: the mention
 * typeahead must tell namesakes apart (Zulip adds `|id` to the mention of a name that is not unique).
 */
export function hugePeople(count: number): SeedUser[] {
  const people: SeedUser[] = [];
  for (let i = 0; i < count; i++) {
    const first = FIRST[i % FIRST.length] as string;
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length] as string;
    people.push({
      email: `member${i + 1}@huge.example`,
      fullName: `${first} ${last}`,
      role: ROLE.member,
      timezone: ZONES[i % ZONES.length] as string,
    });
  }
  return people;
}
