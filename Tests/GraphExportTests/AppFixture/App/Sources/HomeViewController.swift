import UIKit

class HomeViewController: UIViewController {
    @IBAction func details(_ sender: Any) {
        performSegue(withIdentifier: "showDetail", sender: sender)
    }

    @IBAction func help(_ sender: Any) {
        performSegue(withIdentifier: "showFAQ", sender: sender)
    }

    @IBAction func about(_ sender: Any) {
        present(AboutViewController(), animated: true)
    }

    @IBAction func more(_ sender: Any) {
        let detail = DetailViewController()
        navigationController?.pushViewController(detail, animated: true)
        show(UIAlertController(title: nil, message: nil, preferredStyle: .alert), sender: nil)
    }

    @IBAction func settings(_ sender: Any) {
        let storyboard = UIStoryboard(name: "Settings", bundle: nil)
        let profile = storyboard.instantiateViewController(withIdentifier: "Profile")
        present(profile, animated: true)
    }

    @IBAction func broken(_ sender: Any) {
        _ = UIStoryboard(name: "Onboarding", bundle: nil)
        _ = storyboard?.instantiateViewController(withIdentifier: "Nobody")
    }
}
