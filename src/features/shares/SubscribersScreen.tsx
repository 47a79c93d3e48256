/** My Subscribers (/subscribers, route SharesSubscribers; spec 002 §2): the shares screen for subscribers. */
import { SharesScreen } from './SharesScreen.tsx';

export default function SubscribersScreen() {
  return <SharesScreen kind="subscribers" />;
}
