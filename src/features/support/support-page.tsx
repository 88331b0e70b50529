import { PageHeader } from '@/components/ui/page';

/** Seed §2: placeholder page showing 'Help' and 'Coming soon.'. */
export default function SupportPage() {
  return (
    <>
      <PageHeader title="Help" />
      <p className="text-slate-700 dark:text-slate-300">Coming soon.</p>
    </>
  );
}
