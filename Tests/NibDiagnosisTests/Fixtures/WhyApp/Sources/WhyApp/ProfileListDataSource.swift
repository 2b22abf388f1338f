import UIKit

/// The data source of the profile list; File's Owner of ProfileCell.xib.
// why: outlet-on-wrong-object — ProfileCell.xib also wires avatarImageView from File's Owner (this
// class, which has no such outlet) besides the cell: loading raises "not key value coding-compliant".
final class ProfileListDataSource: NSObject, UITableViewDataSource {
    var names: [String] = []

    func register(in tableView: UITableView) {
        // why: trap — the right nib name.
        tableView.register(UINib(nibName: "ProfileCell", bundle: nil), forCellReuseIdentifier: "ProfileCell")
    }

    func registerForSearch(in tableView: UITableView) {
        // why: cell-registered-by-class — ProfileCell is defined in ProfileCell.xib but registered
        // by class here: the table never loads the nib, nameLabel and avatarImageView stay nil.
        tableView.register(ProfileCell.self, forCellReuseIdentifier: "SearchResult")
    }

    func makeSizingCell() -> ProfileCell? {
        // why: unknown-nib-name — "profileCell" differs in case from ProfileCell.xib: works in the
        // simulator (case-insensitive file system), fails on a device.
        let nib = UINib(nibName: "profileCell", bundle: nil)
        return nib.instantiate(withOwner: self, options: nil).first as? ProfileCell
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { names.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "ProfileCell", for: indexPath) as! ProfileCell
        cell.nameLabel.text = names[indexPath.row]
        return cell
    }
}

/// The cell of ProfileCell.xib.
final class ProfileCell: UITableViewCell {
    @IBOutlet weak var nameLabel: UILabel!
    @IBOutlet weak var avatarImageView: UIImageView!
}
