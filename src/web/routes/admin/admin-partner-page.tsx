import { ComingSoon } from '../../components/layout/coming-soon';

export default function Page() {
  return <ComingSoon title="Partner Integration" />;
}
