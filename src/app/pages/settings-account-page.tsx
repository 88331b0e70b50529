import { PageHeader } from '@/components/ui/page';
import { AccountSection } from '@/features/settings/account-section';
import { UpworkConnectionSection } from '@/features/jobs/upwork-connection-section';
import { AiProviderSection } from '@/features/responses/ai-provider-section';

/**
 * /settings/account composes one section per area. Areas add their section by adding an import and
 * one element in the marked places below (nothing else in this file needs to change).
 */
export default function SettingsAccountPage() {
  return (
    <>
      <PageHeader title="Account" description="Your profile, sign-in and preferences." />
      <div className="space-y-6">
        <AccountSection />
        {/* area sections: Upwork connection (jobs area) goes here */}
        <UpworkConnectionSection />
        {/* area sections: AI provider (responses area) goes here */}
        <AiProviderSection />
      </div>
    </>
  );
}
