import { PageHeader } from '@/components/ui/page';

/** Placeholder page showing 'Help' and 'Coming soon.'. */
export default function SupportPage() {
  return (
    <>
      <PageHeader title="Help" />
      <p className="text-slate-700 dark:text-slate-300">Coming soon.</p>
    </>
  );
}
