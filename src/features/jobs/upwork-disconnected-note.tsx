/** After disconnecting: where on Upwork the app's access can be removed too. */
export function UpworkDisconnectedNote({ removeAppUrl }: { removeAppUrl: string }) {
  return (
    <p role="status">
      Disconnected. To remove Bidwright’s access on Upwork too, open{' '}
      <a
        href={removeAppUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium underline"
      >
        Upwork’s connected services
      </a>{' '}
      and remove the app.
    </p>
  );
}
