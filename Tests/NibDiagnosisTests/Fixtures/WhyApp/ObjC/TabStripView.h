#import <UIKit/UIKit.h>

/// A strip of tab buttons (Gallery.xib).
@interface TabStripView : UIView

// why: weak-outlet-collection — a weak IBOutletCollection: nothing retains the NSArray the nib
// loader creates, so tabs is nil right after loading (Swift forbids weak arrays; Objective-C does not).
@property (nonatomic, weak) IBOutletCollection(UIButton) NSArray *tabs;

@end
