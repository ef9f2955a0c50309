#!/usr/bin/env bash
# A scripted change to a copy of Samples/ShopApp, for `cpdi diff`'s demo and its README example.
# Usage: scripts/sample-change.sh DIR — copies the sample into DIR/ShopApp, commits it in a fresh git
# repository in DIR, then edits the work tree (nothing committed) so that:
#   - a new component PromoCodeField is added, and CheckoutViewController builds it (CacheDependency
#     now reaches the checkout screens through it);
#   - PromoCodeField's alias lists LoggingDependency, which nothing uses (a new unused-dependency);
#   - HomeView stops forwarding OldBannerDependencies (the sample's stale-forward is fixed);
#   - RecentlyViewedList is deleted, with its forward from ProductListView and the CacheDependency
#     that ProductListView read only for it;
#   - CartSummaryView.swift is renamed CartTotalsView.swift (its known finding must stay matched).
set -euo pipefail
dir=${1:?usage: scripts/sample-change.sh DIR}
here=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$dir"
mkdir -p "$dir"
cp -R "$here/Samples/ShopApp" "$dir/ShopApp"
rm -f "$dir/ShopApp/expected-findings.txt"
cd "$dir"
git init -q -b main .
git -c user.name=cpdi -c user.email=cpdi@example.invalid add -A
git -c user.name=cpdi -c user.email=cpdi@example.invalid commit -q -m "ShopApp as it is"

cat > ShopApp/Checkout/PromoCodeField.swift <<'SWIFT'
import UIKit

typealias PromoCodeFieldDependencies = CacheDependency // used here (remembers the last code)
    & LoggingDependency // added "for later": nothing logs yet

/// A text field for a promotion code, shown above the payment methods.
final class PromoCodeField<Dependencies: PromoCodeFieldDependencies>: UITextField {
    let dependencies: Dependencies

    init(dependencies: Dependencies) {
        self.dependencies = dependencies
        super.init(frame: .zero)
        text = dependencies.cache.entry(for: "promo-code")?.sku
    }

    /// The code typed last time, read again when the field is shown.
    func restore() {
        text = self.dependencies.cache.entry(for: "promo-code")?.sku
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }
}
SWIFT
controller=ShopApp/Checkout/CheckoutViewController.swift
sed -i 's|    & OrderConfirmationViewDependencies // required by OrderConfirmationView|&\n    \& PromoCodeFieldDependencies // required by PromoCodeField|' "$controller"
sed -i 's|        paymentMethods.dependencies = dependencies|        let promoCode = PromoCodeField(dependencies: dependencies)\n        view.addSubview(promoCode)\n&|' "$controller"

home=ShopApp/Features/Home/HomeView.swift
sed -i '/cpdi sample: stale-forward/d; /^    & OldBannerDependencies$/d' "$home"

list=ShopApp/Features/Product/ProductListView.swift
sed -i '/^    & CacheDependency \/\/ used here (recently viewed entries)$/d; /^    & RecentlyViewedListDependencies/d' "$list"
sed -i '/let recent = dependencies.cache.recentEntries/,/^            }$/d' "$list"
git rm -q ShopApp/Features/Product/RecentlyViewedList.swift

git mv -k ShopApp/Features/Cart/CartSummaryView.swift ShopApp/Features/Cart/CartTotalsView.swift
