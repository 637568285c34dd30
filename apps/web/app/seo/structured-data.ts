import { formatIsoDate, type PublicJob } from '@aipm/contracts';

const EMPLOYMENT_TYPE: Record<string, string> = { full_time: 'FULL_TIME', part_time: 'PART_TIME', contract: 'CONTRACTOR', internship: 'INTERN' };

/** schema.org Organization + Course of the landing page, and one JobPosting per listed job. */
export function landingStructuredData(input: { origin: string; name: string; description: string; company: string; courseName: string; phone: string; address: string; fees: { low: number; high: number }; jobs: PublicJob[]; language: string }) {
  const organization = {
    '@type': 'EducationalOrganization',
    '@id': `${input.origin}/#organization`,
    name: input.name,
    legalName: input.company,
    url: `${input.origin}/`,
    logo: `${input.origin}/images/logo.svg`,
    telephone: input.phone,
    address: { '@type': 'PostalAddress', streetAddress: input.address, addressLocality: '长沙', addressRegion: '湖南', addressCountry: 'CN' },
  };
  const course = {
    '@type': 'Course',
    name: input.courseName,
    description: input.description,
    inLanguage: input.language,
    provider: { '@id': organization['@id'] },
    offers: { '@type': 'AggregateOffer', priceCurrency: 'CNY', lowPrice: input.fees.low, highPrice: input.fees.high, category: 'Paid' },
    hasCourseInstance: { '@type': 'CourseInstance', courseMode: 'onsite', location: input.address, courseSchedule: { '@type': 'Schedule', duration: 'P35D', repeatFrequency: 'P1Y' } },
  };
  const postings = input.jobs.map((job) => ({
    '@type': 'JobPosting',
    title: job.title,
    description: job.description ?? job.title,
    datePosted: formatIsoDate(job.postedAt),
    // The day the job expires here (published + job_expiry_days): search engines drop it from then on.
    ...(job.validThrough ? { validThrough: job.validThrough } : {}),
    hiringOrganization: { '@type': 'Organization', name: job.company },
    ...(job.employmentType ? { employmentType: EMPLOYMENT_TYPE[job.employmentType] } : {}),
    ...(job.location ? { jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: job.location, addressCountry: 'CN' } } } : {}),
    ...(job.remote ? { jobLocationType: 'TELECOMMUTE' } : {}),
    ...(job.salaryMin != null || job.salaryMax != null
      ? { baseSalary: { '@type': 'MonetaryAmount', currency: job.salaryCurrency, value: { '@type': 'QuantitativeValue', unitText: 'MONTH', ...(job.salaryMin != null ? { minValue: job.salaryMin } : {}), ...(job.salaryMax != null ? { maxValue: job.salaryMax } : {}) } } }
      : {}),
    url: job.sourceUrl,
  }));
  return { '@context': 'https://schema.org', '@graph': [organization, course, ...postings] };
}

/** JSON for a <script type="application/ld+json">: `<` escaped so no text can close the script. */
export function jsonLdScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
