#import <UIKit/UIKit.h>

NS_ASSUME_NONNULL_BEGIN

/// The Objective-C base of the app's screens. Swift subclasses inherit its outlets and actions.
@interface BaseViewController : UIViewController

// why: trap — outlets inherited from an Objective-C base class: ProfileViewController.xib and
// ProfileViewController~ipad.xib connect them on the Swift subclass ProfileViewController.
@property (nonatomic, weak, nullable) IBOutlet UILabel *titleLabel;
@property (nonatomic, strong) IBOutlet UIImageView *avatarView;

// why: trap — an Objective-C action inherited by a Swift subclass (dismissScreen: in ProfileViewController.xib).
- (IBAction)dismissScreen:(id)sender;

@end

NS_ASSUME_NONNULL_END
