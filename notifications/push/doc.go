// Package push sends web push notifications (the Push API: RFC 8030 delivery, RFC 8291 message
// encryption, RFC 8292 VAPID) to the devices users registered, stored in the push_subscriptions table.
// Its Sender is the notifications.Sender of notifications.ChannelPush: it encrypts one small JSON payload
// (Payload) per device with github.com/SherClockHolmes/webpush-go, posts it to the device's push
// service, records each success, and removes the devices their push service calls gone (404, 410).
//
// One check, CheckEndpoint, decides which endpoints the server posts to, when they are registered and
// before every send: an https URL on port 443 whose host is a public name or address, every spelling of
// an address of the server's networks refused. The sender's dialer checks again every address it
// connects to with the same judgement of addresses, so that a registered name that resolves inside the
// server's network cannot make the server post there.
//
// Config holds the VAPID keys and the settings of web push (ROUT_VAPID_*, ROUT_PUSH_*); CheckKey and
// CheckAuth check a subscription's keys.
//
// See docs/notifications.md, "Web push".
package push
