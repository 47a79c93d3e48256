/** My Publishers (/publishers, route SharesPublishers; spec 002 §2): the shares screen for publishers. */
import { SharesScreen } from './SharesScreen.tsx';

export default function PublishersScreen() {
  return <SharesScreen kind="publishers" />;
}
