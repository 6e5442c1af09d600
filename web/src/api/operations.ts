// Every GraphQL operation of the client. graphql-codegen reads this file and writes their types into
// src/gql (`npm run codegen`, part of `npm run build`); CI fails when src/gql differs from what is
// committed, so a schema change that breaks an operation breaks the build.
import { graphql } from "../gql";

export const ViewerQuery = graphql(`
  query Viewer {
    viewer {
      id
      name
      email
      phone
      notify
      moderator
    }
  }
`);

export const SignUpMutation = graphql(`
  mutation SignUp($input: SignUpInput!) {
    signUp(input: $input) {
      user {
        id
        name
      }
      session {
        token
        expiresAt
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const SignInMutation = graphql(`
  mutation SignIn($input: SignInInput!) {
    signIn(input: $input) {
      user {
        id
        name
      }
      session {
        token
        expiresAt
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const SignOutMutation = graphql(`
  mutation SignOut {
    signOut {
      revoked
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const UpdateNotificationsMutation = graphql(`
  mutation UpdateNotifications($input: UpdateNotificationPreferencesInput!) {
    updateNotificationPreferences(input: $input) {
      user {
        id
        notify
        phone
        ...NotificationPrefsFields
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const NotificationPrefsFields = graphql(`
  fragment NotificationPrefsFields on User {
    notificationPreferences {
      channels {
        kind
        channel
      }
      digestHours
      timeZone
      quietHours {
        start
        end
      }
      always
    }
  }
`);

export const NotificationPrefsQuery = graphql(`
  query NotificationPrefs {
    pushPublicKey
    viewer {
      id
      notify
      phone
      ...NotificationPrefsFields
    }
  }
`);

export const ApiTokensQuery = graphql(`
  query ApiTokens {
    apiTokens(first: 100) {
      totalCount
      edges {
        node {
          id
          name
          createdAt
          lastUsedAt
          expiresAt
        }
      }
    }
  }
`);

export const CreateApiTokenMutation = graphql(`
  mutation CreateApiToken($input: CreateApiTokenInput!) {
    createApiToken(input: $input) {
      apiToken {
        id
        name
        createdAt
      }
      secret
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const RevokeApiTokenMutation = graphql(`
  mutation RevokeApiToken($input: RevokeApiTokenInput!) {
    revokeApiToken(input: $input) {
      apiToken {
        id
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

// What the client reads of every action the viewer may take, wherever it lists them.
export const ActionFieldsFragment = graphql(`
  fragment ActionFields on Action {
    kind
    from
    to
    cards
    min
    max
    worth
    bonusTerritories
    bonusArmies
    defendDice
  }
`);

// How the reinforcements of the turn were counted (Game.reinforcements), read with the game and its actions.
export const ReinforcementsFieldsFragment = graphql(`
  fragment ReinforcementsFields on Reinforcements {
    seat
    territories
    fromTerritories
    areas {
      key
      name
      bonus
    }
    minimum
    total
    fromCards
  }
`);

export const GameCardFragment = graphql(`
  fragment GameCard on Game {
    id
    name
    status
    phase
    turn
    currentSeat
    viewerTurn
    turnDeadline
    turnLimitSeconds
    cardSystem
    claim
    fog
    inviteCode
    rated
    winner
    winners
    teams {
      index
      name
      color
      openSeats
    }
    viewerInvitedSeat
    creator {
      id
      name
    }
    map {
      key
      version
      name
    }
    seats {
      seat
      color
      team
      userName
      user {
        id
      }
      cpu
      difficulty
      status
      territories
      place
    }
  }
`);

// The viewer's games in the lobby, in three lists of their own so that none crowds out another however
// many games the viewer has: those waiting on them, the rest in progress, and those over. Each stays well
// under the API's complexity limit (a connection costs its page size times its nodes: 20 games of a
// GameCard with a team game's fields cost about 900), so a page is 20 games.
export const MyGamesQuery = graphql(`
  query MyGames($over: Boolean!, $yourTurn: Boolean, $first: Int!, $after: Cursor) {
    games(filter: { mine: true, over: $over, yourTurn: $yourTurn }, first: $first, after: $after) {
      totalCount
      edges {
        node {
          ...GameCard
          chatUnread
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const OpenGamesQuery = graphql(`
  query OpenGames {
    games(filter: { openToJoin: true }, first: 15) {
      totalCount
      edges {
        node {
          ...GameCard
        }
      }
    }
  }
`);

// The viewer's pending invitations (open games with a seat kept for their email).
export const InvitationsQuery = graphql(`
  query Invitations {
    games(filter: { invited: true }, first: 20) {
      totalCount
      edges {
        node {
          ...GameCard
        }
      }
    }
  }
`);

// One invitation, for its page: the game as the invitee may see it.
export const InvitationQuery = graphql(`
  query Invitation($id: ID!) {
    game(id: $id) {
      ...GameCard
      teamRules {
        placeOnTeammates
        fortify
        attackTeammates
        noCardFromTeammates
        handover
      }
    }
  }
`);

export const DeclineInvitationMutation = graphql(`
  mutation DeclineInvitation($input: GameInput!) {
    declineInvitation(input: $input) {
      game {
        id
        status
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const RematchGameMutation = graphql(`
  mutation RematchGame($input: GameInput!) {
    rematchGame(input: $input) {
      game {
        id
        status
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

// The map picker: one page of the maps the viewer may list, with their sizes and preview pictures.
export const MapsQuery = graphql(`
  query Maps {
    maps(first: 50) {
      totalCount
      edges {
        node {
          id
          key
          version
          name
          description
          territoryCount
          bonusAreaCount
          previewUrl
        }
      }
    }
  }
`);

export const CreateGameMutation = graphql(`
  mutation CreateGame($input: CreateGameInput!) {
    createGame(input: $input) {
      game {
        id
        status
        inviteCode
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const JoinGameMutation = graphql(`
  mutation JoinGame($input: JoinGameInput!) {
    joinGame(input: $input) {
      game {
        id
        status
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const LeaveGameMutation = graphql(`
  mutation LeaveGame($input: GameInput!) {
    leaveGame(input: $input) {
      game {
        id
        status
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const StartGameMutation = graphql(`
  mutation StartGame($input: GameInput!) {
    startGame(input: $input) {
      game {
        id
        status
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const GameQuery = graphql(`
  query Game($id: ID!) {
    game(id: $id) {
      ...GameCard
      teamRules {
        placeOnTeammates
        fortify
        attackTeammates
        noCardFromTeammates
        handover
      }
      version
      seq
      round
      reinforcements {
        ...ReinforcementsFields
      }
      ttbPercent
      viewerPlaysFor
      seats {
        seat
        armies
        cardCount
        cards
        handedOver
      }
      board {
        key
        name
        owner
        neutral
        armies
        sight
      }
      viewerActionSummary {
        kind
        count
        from
      }
      ratingChanges {
        seat
        ratingBefore
        ratingAfter
        change
        provisional
      }
    }
  }
`);

// The viewer's choices: every action on a small board ($full), the summary and the sets to trade (bounded
// by the hand) on a big one (the API refuses the whole list past 1,000 actions); GameActionsFrom then reads
// one territory's.
export const GameActionsQuery = graphql(`
  query GameActions($id: ID!, $full: Boolean!, $seat: Int) {
    game(id: $id) {
      id
      version
      seq
      turnDeadline
      round
      reinforcements {
        ...ReinforcementsFields
      }
      viewerActionSummary(seat: $seat) {
        kind
        count
        from
      }
      viewerActions(seat: $seat) @include(if: $full) {
        ...ActionFields
      }
      trades: viewerActions(kind: "trade", seat: $seat) @skip(if: $full) {
        ...ActionFields
      }
      seats {
        seat
        status
        cardCount
        cards
        territories
        armies
      }
    }
  }
`);

export const GameActionsFromQuery = graphql(`
  query GameActionsFrom($id: ID!, $from: String!, $seat: Int) {
    game(id: $id) {
      id
      version
      viewerActions(from: $from, seat: $seat) {
        ...ActionFields
      }
    }
  }
`);

// The map's geometry for the board, read once per game beside the game itself (one map's geometry fits the
// complexity limit: docs/api.md, "Maps"); $areaPalette is the size of the board's area palette
// (AREA_COLORS), which the areas' colorIndex indexes.
export const GameMapGeometryQuery = graphql(`
  query GameMapGeometry($id: ID!, $areaPalette: Int!) {
    game(id: $id) {
      id
      map {
        id
        key
        version
        name
        width
        height
        territories {
          key
          name
          x
          y
          shape
          neighbours
          bonusAreas
        }
        borders {
          from
          to
          sea
        }
        bonusAreas {
          key
          name
          bonus
          colorIndex(paletteSize: $areaPalette)
        }
      }
    }
  }
`);

export const GameRecordQuery = graphql(`
  query GameRecord($id: ID!) {
    game(id: $id) {
      id
      status
      record
    }
  }
`);

// The exact distribution of one roll (BattleOdds answers for a battle carried on until one side runs out).
export const RollOddsQuery = graphql(`
  query RollOdds($attackDice: Int!, $defendDice: Int!) {
    rollOdds(attackDice: $attackDice, defendDice: $defendDice) {
      attackerLosses
      defenderLosses
      probability
    }
  }
`);

export const BattleOddsQuery = graphql(`
  query BattleOdds($attackers: Int!, $defenders: Int!) {
    battleOdds(attackers: $attackers, defenders: $defenders) {
      attackerWins
      expectedAttackerSurvivors
      expectedDefenderSurvivors
    }
  }
`);

export const GameEventsSubscription = graphql(`
  subscription GameEvents($gameId: ID!, $after: Int) {
    gameEvents(gameId: $gameId, after: $after) {
      seq
      turn
      seat
      kind
      payload
      phase
      currentSeat
      territories {
        index
        key
        owner
        neutral
        armies
        sight
      }
      dice {
        attacker
        defender
      }
      winner
    }
  }
`);

// The seats of a game waiting for players, live: the game as it stands, then after each join, leave,
// decline and the start (the subscription completes once the game is no longer open).
export const GameLobbySubscription = graphql(`
  subscription GameLobby($gameId: ID!) {
    gameLobby(gameId: $gameId) {
      ...GameCard
      version
    }
  }
`);

export const ViewerEventsSubscription = graphql(`
  subscription ViewerEvents($after: Int) {
    viewerEvents(after: $after) {
      seq
      kind
      gameId
      turn
      data
      createdAt
      game {
        id
        map {
          name
        }
      }
    }
  }
`);

// What every turn command answers (claim, place, trade, attack, occupy, endAttack, fortify, endTurn, resign):
// the version after it, its events as the viewer sees them, and the rules' refusals. One shape, so the
// controller handles one type (CommandResultFragment).
export const CommandResultFragment = graphql(`
  fragment CommandResult on GamePayload {
    version
    events {
      seq
      turn
      seat
      kind
      payload
    }
    userErrors {
      code
      field
      message
    }
  }
`);

export const ClaimMutation = graphql(`
  mutation Claim($input: ClaimTerritoryInput!) {
    claimTerritory(input: $input) {
      ...CommandResult
    }
  }
`);

export const PlaceMutation = graphql(`
  mutation Place($input: PlaceArmiesInput!) {
    placeArmies(input: $input) {
      ...CommandResult
    }
  }
`);

export const TradeMutation = graphql(`
  mutation Trade($input: TradeCardsInput!) {
    tradeCards(input: $input) {
      ...CommandResult
    }
  }
`);

export const AttackMutation = graphql(`
  mutation Attack($input: AttackInput!) {
    attack(input: $input) {
      ...CommandResult
    }
  }
`);

export const OccupyMutation = graphql(`
  mutation Occupy($input: OccupyInput!) {
    occupy(input: $input) {
      ...CommandResult
    }
  }
`);

export const EndAttackMutation = graphql(`
  mutation EndAttack($input: TurnInput!) {
    endAttack(input: $input) {
      ...CommandResult
    }
  }
`);

export const FortifyMutation = graphql(`
  mutation Fortify($input: FortifyInput!) {
    fortify(input: $input) {
      ...CommandResult
    }
  }
`);

export const EndTurnMutation = graphql(`
  mutation EndTurn($input: TurnInput!) {
    endTurn(input: $input) {
      ...CommandResult
    }
  }
`);

export const ResignMutation = graphql(`
  mutation Resign($input: TurnInput!) {
    resign(input: $input) {
      ...CommandResult
    }
  }
`);

export const GameLogQuery = graphql(`
  query GameLog($id: ID!, $after: Int) {
    game(id: $id) {
      id
      events(after: $after, first: 100) {
        seq
        turn
        seat
        kind
        payload
        territories {
          index
          owner
          neutral
          armies
          sight
        }
      }
    }
  }
`);

export const PushDevicesQuery = graphql(`
  query PushDevices {
    pushPublicKey
    viewer {
      id
      pushSubscriptions {
        id
        endpoint
        device
        createdAt
        lastSuccessAt
      }
    }
  }
`);

export const RegisterPushMutation = graphql(`
  mutation RegisterPush($input: RegisterPushSubscriptionInput!) {
    registerPushSubscription(input: $input) {
      subscription {
        id
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const UnregisterPushMutation = graphql(`
  mutation UnregisterPush($input: UnregisterPushSubscriptionInput!) {
    unregisterPushSubscription(input: $input) {
      removed
      userErrors {
        code
        field
        message
      }
    }
  }
`);

// A game's chat (game/chatfeed.ts): the rooms the viewer reads with their unread counts, the viewer's
// settings, and a page of one room's lines, newest first ($read false when the room is not one of them).
export const ChatQuery = graphql(`
  query Chat($id: ID!, $room: String!, $read: Boolean!, $spectators: Boolean, $first: Int, $after: Cursor) {
    game(id: $id) {
      id
      chatRooms(withSpectators: $spectators) {
        name
        canPost
        unread
      }
      chatSettings {
        off
        playersOnly
      }
      chat(room: $room, first: $first, after: $after) @include(if: $read) {
        edges {
          node {
            ...ChatLineFields
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`);

export const ChatLineFieldsFragment = graphql(`
  fragment ChatLineFields on ChatMessage {
    id
    room
    seq
    kind
    authorId
    authorName
    body
    removed
    target
    createdAt
  }
`);

export const SendChatMessageMutation = graphql(`
  mutation SendChatMessage($input: SendChatMessageInput!) {
    sendChatMessage(input: $input) {
      message {
        ...ChatLineFields
      }
      userErrors {
        code
        field
        message
      }
      retryAfter
    }
  }
`);

export const DeleteChatMessageMutation = graphql(`
  mutation DeleteChatMessage($id: ID!) {
    deleteChatMessage(id: $id) {
      message {
        ...ChatLineFields
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const MarkChatReadMutation = graphql(`
  mutation MarkChatRead($input: MarkChatReadInput!) {
    markChatRead(input: $input) {
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const SetChatOffMutation = graphql(`
  mutation SetChatOff($input: SetChatOffInput!) {
    setChatOff(input: $input) {
      settings {
        off
        playersOnly
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const SetChatPlayersOnlyMutation = graphql(`
  mutation SetChatPlayersOnly($input: SetChatPlayersOnlyInput!) {
    setChatPlayersOnly(input: $input) {
      settings {
        off
        playersOnly
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const GamePresenceSubscription = graphql(`
  subscription GamePresence($gameId: ID!) {
    gamePresence(gameId: $gameId) {
      spectatorCount
      presentSeats
    }
  }
`);

export const PresencePrefQuery = graphql(`
  query PresencePref {
    viewer {
      id
      hidePresence
    }
  }
`);

export const SetHidePresenceMutation = graphql(`
  mutation SetHidePresence($hide: Boolean!) {
    updateNotificationPreferences(input: { hidePresence: $hide }) {
      user {
        id
        hidePresence
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

// The chat live (game/chatfeed.ts): a room's lines after `after`, then each new one.
export const ChatMessagesSubscription = graphql(`
  subscription ChatMessages($gameId: ID!, $room: String!, $after: Int) {
    chatMessages(gameId: $gameId, room: $room, after: $after) {
      ...ChatLineFields
    }
  }
`);

// A message's menu (game/chatmenu.tsx) and the settings page's blocked users.
export const BlockUserMutation = graphql(`
  mutation BlockUser($input: BlockUserInput!) {
    blockUser(input: $input) {
      blocked
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const UnblockUserMutation = graphql(`
  mutation UnblockUser($input: BlockUserInput!) {
    unblockUser(input: $input) {
      blocked
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const BlockedUsersQuery = graphql(`
  query BlockedUsers {
    viewer {
      id
      blockedUsers {
        id
        name
      }
    }
  }
`);

export const ReportChatMessageMutation = graphql(`
  mutation ReportChatMessage($input: ReportChatMessageInput!) {
    reportChatMessage(input: $input) {
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const TimeOutChatUserMutation = graphql(`
  mutation TimeOutChatUser($input: TimeOutChatUserInput!) {
    timeOutChatUser(input: $input) {
      message {
        ...ChatLineFields
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const ShadowMuteChatUserMutation = graphql(`
  mutation ShadowMuteChatUser($input: ShadowMuteChatUserInput!) {
    shadowMuteChatUser(input: $input) {
      userErrors {
        code
        field
        message
      }
    }
  }
`);

// The moderators' page (pages/moderation.tsx): the report queue, its closing, timeouts lifted, the log.
export const ChatReportsQuery = graphql(`
  query ChatReports($first: Int, $after: Int) {
    chatReports(first: $first, after: $after) {
      id
      reason
      reporterName
      createdAt
      gameId
      message {
        ...ChatLineFields
      }
      context {
        ...ChatLineFields
      }
    }
  }
`);

export const CloseChatReportMutation = graphql(`
  mutation CloseChatReport($input: CloseChatReportInput!) {
    closeChatReport(input: $input) {
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const LiftChatTimeoutMutation = graphql(`
  mutation LiftChatTimeout($input: LiftChatTimeoutInput!) {
    liftChatTimeout(input: $input) {
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const ModerationLogQuery = graphql(`
  query ModerationLog($first: Int, $before: Int) {
    moderationLog(first: $first, before: $before) {
      id
      moderatorName
      action
      targetId
      targetName
      gameId
      messageId
      reportId
      reason
      createdAt
    }
  }
`);

// The viewer's chat timeout, read when a message is refused with CHAT_TIMED_OUT (game/chat.tsx).
export const ChatTimeoutQuery = graphql(`
  query ChatTimeout {
    viewer {
      id
      chatTimeout {
        until
        reason
      }
    }
  }
`);

// A player's profile page (pages/profile.tsx): their ratings, a rating's history, their sums, their games
// under way and a page of their finished games.
export const ProfileQuery = graphql(`
  query Profile($id: ID!, $mode: RatingMode!) {
    node(id: $id) {
      ... on User {
        id
        name
        createdAt
        ratings {
          mode
          rating
          provisional
          games
        }
        profile {
          includesPrivate
          ratingHistory(mode: $mode, last: 200) {
            at
            gameId
            rating
            change
            place
            provisional
          }
          stats {
            played
            won
            averageLengthSeconds
            longestWinStreak
            byMap {
              ...StatLineFields
            }
            bySize {
              ...StatLineFields
            }
            byMode {
              ...StatLineFields
            }
          }
          currentGames {
            id
            name
            status
            map {
              name
            }
            seats {
              seat
            }
          }
        }
      }
    }
  }
`);

export const StatLineFragment = graphql(`
  fragment StatLineFields on PlayerStatLine {
    key
    name
    played
    won
    averagePlace
  }
`);

export const FinishedGamesQuery = graphql(`
  query FinishedGames($id: ID!, $after: Cursor) {
    node(id: $id) {
      ... on User {
        id
        profile {
          finishedGames(first: 20, after: $after) {
            edges {
              node {
                gameId
                name
                mapName
                seats
                mode
                place
                won
                rated
                finishedAt
                ratingChange {
                  ratingAfter
                  change
                }
              }
            }
            pageInfo {
              hasNextPage
              endCursor
            }
          }
        }
      }
    }
  }
`);

// Ladders: each with its queue, the viewer's entry and their games of it being played.
export const LaddersQuery = graphql(`
  query Ladders {
    ladders {
      id
      name
      seats
      mode
      maps
      turnLimitSeconds
      queued
      myEntry {
        maxGames
        openGames
        queued
        queuedSince
      }
      myGames {
        id
        name
        turn
        viewerTurn
      }
    }
  }
`);

export const JoinLadderMutation = graphql(`
  mutation JoinLadder($input: JoinLadderInput!) {
    joinLadder(input: $input) {
      ladder {
        id
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const UpdateLadderEntryMutation = graphql(`
  mutation UpdateLadderEntry($input: UpdateLadderEntryInput!) {
    updateLadderEntry(input: $input) {
      ladder {
        id
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const LeaveLadderMutation = graphql(`
  mutation LeaveLadder($input: LeaveLadderInput!) {
    leaveLadder(input: $input) {
      ladder {
        id
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

// A page of a rating leaderboard, with the viewer's own row (pages/leaderboards.tsx).
export const LeaderboardQuery = graphql(`
  query Leaderboard($mode: LeaderboardMode!, $family: String!, $season: Int, $first: Int!, $page: Int) {
    leaderboard(mode: $mode, family: $family, season: $season, first: $first, page: $page) {
      total
      hasNextPage
      season {
        number
        closed
      }
      entries {
        rank
        userId
        name
        rating
        provisional
        games
      }
      viewerEntry {
        rank
        userId
        name
        rating
        provisional
        games
      }
    }
    leaderboardSeasons {
      number
      startsAt
      endsAt
      closed
    }
    leaderboardFamilies(mode: $mode)
  }
`);

// Tournaments (docs/api.md, "Tournaments").

export const TournamentsQuery = graphql(`
  query Tournaments($status: TournamentStatus, $first: Int, $after: Cursor) {
    tournaments(status: $status, first: $first, after: $after) {
      totalCount
      edges {
        cursor
        node {
          id
          name
          format
          seats
          status
          round
          roundCount
          entryLimit
          entrantCount
          startsAt
          rated
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const TournamentQuery = graphql(`
  query Tournament($id: ID!) {
    tournament(id: $id) {
      id
      name
      format
      seats
      maps
      turnLimitSeconds
      rated
      ratingMode
      entryLimit
      startsAt
      roundCount
      round
      status
      createdAt
      startedAt
      finishedAt
      creator {
        name
      }
      viewerEntered
      entrants {
        userName
        seed
        enteredAt
      }
      rounds {
        number
        tableCount
        tables {
          number
          bye
          over
          gameId
          advancing {
            userName
          }
          seats {
            userName
            place
            points
          }
        }
      }
      standings {
        rank
        userName
        points
        buchholz
        wins
        played
        seed
      }
      bracket {
        number
        tableCount
        tables {
          number
          bye
          over
          gameId
          advancing {
            userName
          }
          seats {
            userName
            place
          }
        }
      }
    }
  }
`);

export const TournamentMapsQuery = graphql(`
  query TournamentMaps {
    maps(first: 100) {
      edges {
        node {
          id
          key
          name
          territoryCount
          visibility
        }
      }
    }
  }
`);

export const CreateTournamentMutation = graphql(`
  mutation CreateTournament($input: CreateTournamentInput!) {
    createTournament(input: $input) {
      tournament {
        id
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const EnterTournamentMutation = graphql(`
  mutation EnterTournament($id: ID!) {
    enterTournament(id: $id) {
      tournament {
        id
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const LeaveTournamentMutation = graphql(`
  mutation LeaveTournament($id: ID!) {
    leaveTournament(id: $id) {
      tournament {
        id
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);
