import type { Database } from 'better-sqlite3';

export interface RealmDomainRow {
  id: number;
  domain: string;
  allow_subdomains: number;
}

/** As register and the realm_domains events give a domain. */
export function formatRealmDomain(row: RealmDomainRow): { domain: string; allow_subdomains: boolean } {
  return { domain: row.domain, allow_subdomains: row.allow_subdomains === 1 };
}

/** The organization's allowed email domains for sign-up, kept lower-case. */
export class RealmDomainsRepo {
  private readonly selectAll;
  private readonly selectOne;
  private readonly insertStmt;
  private readonly updateStmt;
  private readonly deleteStmt;

  constructor(db: Database) {
    this.selectAll = db.prepare<[], RealmDomainRow>('SELECT * FROM realm_domains ORDER BY domain');
    this.selectOne = db.prepare<[string], RealmDomainRow>('SELECT * FROM realm_domains WHERE domain = ?');
    this.insertStmt = db.prepare<[string, number]>(
      'INSERT INTO realm_domains (domain, allow_subdomains) VALUES (?, ?)',
    );
    this.updateStmt = db.prepare<[number, string]>('UPDATE realm_domains SET allow_subdomains = ? WHERE domain = ?');
    this.deleteStmt = db.prepare<[string]>('DELETE FROM realm_domains WHERE domain = ?');
  }

  all(): RealmDomainRow[] {
    return this.selectAll.all();
  }

  get(domain: string): RealmDomainRow | undefined {
    return this.selectOne.get(domain);
  }

  insert(domain: string, allowSubdomains: boolean): number {
    return Number(this.insertStmt.run(domain, allowSubdomains ? 1 : 0).lastInsertRowid);
  }

  setAllowSubdomains(domain: string, allowSubdomains: boolean): void {
    this.updateStmt.run(allowSubdomains ? 1 : 0, domain);
  }

  delete(domain: string): void {
    this.deleteStmt.run(domain);
  }
}
