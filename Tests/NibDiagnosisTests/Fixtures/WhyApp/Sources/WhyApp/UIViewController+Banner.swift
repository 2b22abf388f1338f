import UIKit

// why: trap — an extension of a UIKit class does not make UIViewController a Swift class of the
// app: Banner.xib's File's Owner (UIViewController, no module) must not give missing-module.
extension UIViewController {
    @objc func showOfflineBanner() {
        let banner = UIViewController(nibName: "Banner", bundle: nil)
        addChild(banner)
        view.addSubview(banner.view)
    }
}
