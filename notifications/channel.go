package notifications

import "fmt"

// Channel is the way a user wants to be notified. Its stable names are "none", "email", "sms" and
// "push"; the zero value is ChannelNone.
type Channel uint8

// The channels.
const (
	// ChannelNone: no notifications ("none").
	ChannelNone Channel = iota
	// ChannelEmail: by email ("email").
	ChannelEmail
	// ChannelSMS: by text message ("sms").
	ChannelSMS
	// ChannelPush: by web push to the user's browsers ("push"). A server without VAPID keys has no
	// push sender: router.Router.Notify fails with router.ErrChannelUnavailable.
	ChannelPush
)

var channelNames = [...]string{ChannelNone: "none", ChannelEmail: "email", ChannelSMS: "sms", ChannelPush: "push"}

// Valid reports whether c is one of the channels declared in this package.
func (c Channel) Valid() bool {
	return int(c) < len(channelNames)
}

// String returns the stable name of c, such as "email", or "channel(N)" for a value that is not a channel.
func (c Channel) String() string {
	if !c.Valid() {
		return fmt.Sprintf("channel(%d)", uint8(c))
	}
	return channelNames[c]
}

// ParseChannel returns the channel named name: none, email, sms or push.
func ParseChannel(name string) (Channel, error) {
	for c, n := range channelNames {
		if n == name {
			return Channel(c), nil
		}
	}
	return 0, fmt.Errorf("%q is not a notification channel: want none, email, sms or push", name)
}

// MarshalText encodes c as its stable name.
func (c Channel) MarshalText() ([]byte, error) {
	if !c.Valid() {
		return nil, fmt.Errorf("error encoding notification channel: %v is not a channel", c)
	}
	return []byte(channelNames[c]), nil
}

// UnmarshalText decodes a channel from its stable name.
func (c *Channel) UnmarshalText(text []byte) error {
	parsed, err := ParseChannel(string(text))
	if err != nil {
		return err
	}
	*c = parsed
	return nil
}
