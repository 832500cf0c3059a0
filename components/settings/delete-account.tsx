import { DeleteAccountForm } from "./delete-account-form";
import { SettingsSection } from "./settings-section";

/** Settings → Delete my account: what goes, what others keep, and a typed confirmation. */
export function DeleteAccountSection({ ownsTeam }: { ownsTeam: boolean }) {
  return (
    <SettingsSection id="delete-account" title="Delete my account">
      <div className="space-y-3 text-slate-700">
        <p>
          This removes your profile, your team memberships and requests, every message you sent, and your
          sign-in. It cannot be undone. Download your data first if you want a copy.
        </p>
        {ownsTeam ? (
          <p>
            <strong className="text-ocean-950">Your team is closed too.</strong> Its members and anyone who
            asked to join are told by message and e-mail.
          </p>
        ) : null}
        <p>
          People you talked to keep their own messages; they see &ldquo;Deleted athlete&rdquo; where your name
          was.
        </p>
      </div>
      <DeleteAccountForm />
    </SettingsSection>
  );
}
