import UIKit

class SettingsViewController: UITableViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UINib(nibName: "ProfileCell", bundle: nil), forCellReuseIdentifier: "Profile")
        tableView.register(UINib(nibName: "AccountCell", bundle: nil), forCellReuseIdentifier: "Account")
    }
}

class ProfileCell: UITableViewCell {
    @IBOutlet var nameLabel: UILabel!
}

class DetailViewController: UIViewController {}
class ProfileViewController: UIViewController {}
