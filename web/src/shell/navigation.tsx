// The navigation: every signed-in page of the registry; one the member's role cannot use is shown disabled
// with the permission it needs (the rule: navItems in pages/navigation.ts).
import { Link, useRoute } from 'wouter';
import { navItems, type NavItem } from '../pages/navigation';
import { PAGES } from '../pages/registry';
import { useSession } from '../session/session';

export function Navigation() {
  const { me } = useSession();
  const items = navItems(PAGES, me?.permissions ?? []);
  return (
    <nav aria-label="Dashboard" className="app-nav">
      <ul>
        {items.map((item) => (
          <li key={item.path}>
            <NavEntry item={item} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

function NavEntry({ item }: { item: NavItem }) {
  // A list page stays current on its detail pages (/dids and /dids/:did).
  const [exact] = useRoute(item.path);
  const [nested] = useRoute(item.path === '/' ? '/__never__' : `${item.path}/*`);
  if (!item.enabled) {
    return (
      <span className="nav-link nav-disabled">
        {item.title} <small>({item.reason})</small>
      </span>
    );
  }
  return (
    <Link href={item.path} className="nav-link" aria-current={exact || nested ? 'page' : undefined}>
      {item.title}
    </Link>
  );
}
