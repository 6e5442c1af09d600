/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query Viewer {\n    viewer {\n      id\n      name\n      email\n      phone\n      notify\n      moderator\n    }\n  }\n": typeof types.ViewerDocument,
    "\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      user {\n        id\n        name\n      }\n      session {\n        token\n        expiresAt\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.SignUpDocument,
    "\n  mutation SignIn($input: SignInInput!) {\n    signIn(input: $input) {\n      user {\n        id\n        name\n      }\n      session {\n        token\n        expiresAt\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.SignInDocument,
    "\n  mutation SignOut {\n    signOut {\n      revoked\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.SignOutDocument,
    "\n  mutation UpdateNotifications($input: UpdateNotificationPreferencesInput!) {\n    updateNotificationPreferences(input: $input) {\n      user {\n        id\n        notify\n        phone\n        ...NotificationPrefsFields\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.UpdateNotificationsDocument,
    "\n  fragment NotificationPrefsFields on User {\n    notificationPreferences {\n      channels {\n        kind\n        channel\n      }\n      digestHours\n      timeZone\n      quietHours {\n        start\n        end\n      }\n      always\n    }\n  }\n": typeof types.NotificationPrefsFieldsFragmentDoc,
    "\n  query NotificationPrefs {\n    pushPublicKey\n    viewer {\n      id\n      notify\n      phone\n      ...NotificationPrefsFields\n    }\n  }\n": typeof types.NotificationPrefsDocument,
    "\n  query ApiTokens {\n    apiTokens(first: 100) {\n      totalCount\n      edges {\n        node {\n          id\n          name\n          createdAt\n          lastUsedAt\n          expiresAt\n        }\n      }\n    }\n  }\n": typeof types.ApiTokensDocument,
    "\n  mutation CreateApiToken($input: CreateApiTokenInput!) {\n    createApiToken(input: $input) {\n      apiToken {\n        id\n        name\n        createdAt\n      }\n      secret\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.CreateApiTokenDocument,
    "\n  mutation RevokeApiToken($input: RevokeApiTokenInput!) {\n    revokeApiToken(input: $input) {\n      apiToken {\n        id\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.RevokeApiTokenDocument,
    "\n  fragment ActionFields on Action {\n    kind\n    from\n    to\n    cards\n    min\n    max\n    worth\n    bonusTerritories\n    bonusArmies\n    defendDice\n  }\n": typeof types.ActionFieldsFragmentDoc,
    "\n  fragment ReinforcementsFields on Reinforcements {\n    seat\n    territories\n    fromTerritories\n    areas {\n      key\n      name\n      bonus\n    }\n    minimum\n    total\n    fromCards\n  }\n": typeof types.ReinforcementsFieldsFragmentDoc,
    "\n  fragment GameCard on Game {\n    id\n    name\n    status\n    phase\n    turn\n    currentSeat\n    turnDeadline\n    turnLimitSeconds\n    cardSystem\n    claim\n    fog\n    inviteCode\n    winner\n    winners\n    teams {\n      index\n      name\n      color\n      openSeats\n    }\n    viewerInvitedSeat\n    creator {\n      id\n      name\n    }\n    map {\n      key\n      version\n      name\n    }\n    seats {\n      seat\n      color\n      team\n      userName\n      user {\n        id\n      }\n      cpu\n      difficulty\n      status\n      territories\n      place\n    }\n  }\n": typeof types.GameCardFragmentDoc,
    "\n  query MyGames {\n    games(filter: { mine: true }, first: 20) {\n      totalCount\n      edges {\n        node {\n          ...GameCard\n          chatUnread\n        }\n      }\n    }\n  }\n": typeof types.MyGamesDocument,
    "\n  query OpenGames {\n    games(filter: { openToJoin: true }, first: 15) {\n      totalCount\n      edges {\n        node {\n          ...GameCard\n        }\n      }\n    }\n  }\n": typeof types.OpenGamesDocument,
    "\n  query Invitations {\n    games(filter: { invited: true }, first: 20) {\n      totalCount\n      edges {\n        node {\n          ...GameCard\n        }\n      }\n    }\n  }\n": typeof types.InvitationsDocument,
    "\n  query Invitation($id: ID!) {\n    game(id: $id) {\n      ...GameCard\n      teamRules {\n        placeOnTeammates\n        fortify\n        attackTeammates\n        noCardFromTeammates\n        handover\n      }\n    }\n  }\n": typeof types.InvitationDocument,
    "\n  mutation DeclineInvitation($input: GameInput!) {\n    declineInvitation(input: $input) {\n      game {\n        id\n        status\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.DeclineInvitationDocument,
    "\n  mutation RematchGame($input: GameInput!) {\n    rematchGame(input: $input) {\n      game {\n        id\n        status\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.RematchGameDocument,
    "\n  query Maps {\n    maps(first: 50) {\n      totalCount\n      edges {\n        node {\n          id\n          key\n          version\n          name\n          description\n          territoryCount\n          bonusAreaCount\n          previewUrl\n        }\n      }\n    }\n  }\n": typeof types.MapsDocument,
    "\n  mutation CreateGame($input: CreateGameInput!) {\n    createGame(input: $input) {\n      game {\n        id\n        status\n        inviteCode\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.CreateGameDocument,
    "\n  mutation JoinGame($input: JoinGameInput!) {\n    joinGame(input: $input) {\n      game {\n        id\n        status\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.JoinGameDocument,
    "\n  mutation LeaveGame($input: GameInput!) {\n    leaveGame(input: $input) {\n      game {\n        id\n        status\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.LeaveGameDocument,
    "\n  mutation StartGame($input: GameInput!) {\n    startGame(input: $input) {\n      game {\n        id\n        status\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.StartGameDocument,
    "\n  query Game($id: ID!) {\n    game(id: $id) {\n      ...GameCard\n      teamRules {\n        placeOnTeammates\n        fortify\n        attackTeammates\n        noCardFromTeammates\n        handover\n      }\n      version\n      seq\n      round\n      reinforcements {\n        ...ReinforcementsFields\n      }\n      ttbPercent\n      viewerPlaysFor\n      seats {\n        seat\n        armies\n        cardCount\n        cards\n        handedOver\n      }\n      board {\n        key\n        name\n        owner\n        neutral\n        armies\n        sight\n      }\n      viewerActionSummary {\n        kind\n        count\n        from\n      }\n    }\n  }\n": typeof types.GameDocument,
    "\n  query GameActions($id: ID!, $full: Boolean!, $seat: Int) {\n    game(id: $id) {\n      id\n      version\n      seq\n      turnDeadline\n      round\n      reinforcements {\n        ...ReinforcementsFields\n      }\n      viewerActionSummary(seat: $seat) {\n        kind\n        count\n        from\n      }\n      viewerActions(seat: $seat) @include(if: $full) {\n        ...ActionFields\n      }\n      trades: viewerActions(kind: \"trade\", seat: $seat) @skip(if: $full) {\n        ...ActionFields\n      }\n      seats {\n        seat\n        status\n        cardCount\n        cards\n        territories\n        armies\n      }\n    }\n  }\n": typeof types.GameActionsDocument,
    "\n  query GameActionsFrom($id: ID!, $from: String!, $seat: Int) {\n    game(id: $id) {\n      id\n      version\n      viewerActions(from: $from, seat: $seat) {\n        ...ActionFields\n      }\n    }\n  }\n": typeof types.GameActionsFromDocument,
    "\n  query GameMapGeometry($id: ID!, $areaPalette: Int!) {\n    game(id: $id) {\n      id\n      map {\n        id\n        key\n        version\n        name\n        width\n        height\n        territories {\n          key\n          name\n          x\n          y\n          shape\n          neighbours\n          bonusAreas\n        }\n        borders {\n          from\n          to\n          sea\n        }\n        bonusAreas {\n          key\n          name\n          bonus\n          colorIndex(paletteSize: $areaPalette)\n        }\n      }\n    }\n  }\n": typeof types.GameMapGeometryDocument,
    "\n  query GameRecord($id: ID!) {\n    game(id: $id) {\n      id\n      status\n      record\n    }\n  }\n": typeof types.GameRecordDocument,
    "\n  query RollOdds($attackDice: Int!, $defendDice: Int!) {\n    rollOdds(attackDice: $attackDice, defendDice: $defendDice) {\n      attackerLosses\n      defenderLosses\n      probability\n    }\n  }\n": typeof types.RollOddsDocument,
    "\n  query BattleOdds($attackers: Int!, $defenders: Int!) {\n    battleOdds(attackers: $attackers, defenders: $defenders) {\n      attackerWins\n      expectedAttackerSurvivors\n      expectedDefenderSurvivors\n    }\n  }\n": typeof types.BattleOddsDocument,
    "\n  subscription GameEvents($gameId: ID!, $after: Int) {\n    gameEvents(gameId: $gameId, after: $after) {\n      seq\n      turn\n      seat\n      kind\n      payload\n      phase\n      currentSeat\n      territories {\n        index\n        key\n        owner\n        neutral\n        armies\n        sight\n      }\n      dice {\n        attacker\n        defender\n      }\n      winner\n    }\n  }\n": typeof types.GameEventsDocument,
    "\n  subscription GameLobby($gameId: ID!) {\n    gameLobby(gameId: $gameId) {\n      ...GameCard\n      version\n    }\n  }\n": typeof types.GameLobbyDocument,
    "\n  subscription ViewerEvents($after: Int) {\n    viewerEvents(after: $after) {\n      seq\n      kind\n      gameId\n      turn\n      data\n      createdAt\n      game {\n        id\n        map {\n          name\n        }\n      }\n    }\n  }\n": typeof types.ViewerEventsDocument,
    "\n  fragment CommandResult on GamePayload {\n    version\n    events {\n      seq\n      turn\n      seat\n      kind\n      payload\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n": typeof types.CommandResultFragmentDoc,
    "\n  mutation Claim($input: ClaimTerritoryInput!) {\n    claimTerritory(input: $input) {\n      ...CommandResult\n    }\n  }\n": typeof types.ClaimDocument,
    "\n  mutation Place($input: PlaceArmiesInput!) {\n    placeArmies(input: $input) {\n      ...CommandResult\n    }\n  }\n": typeof types.PlaceDocument,
    "\n  mutation Trade($input: TradeCardsInput!) {\n    tradeCards(input: $input) {\n      ...CommandResult\n    }\n  }\n": typeof types.TradeDocument,
    "\n  mutation Attack($input: AttackInput!) {\n    attack(input: $input) {\n      ...CommandResult\n    }\n  }\n": typeof types.AttackDocument,
    "\n  mutation Occupy($input: OccupyInput!) {\n    occupy(input: $input) {\n      ...CommandResult\n    }\n  }\n": typeof types.OccupyDocument,
    "\n  mutation EndAttack($input: TurnInput!) {\n    endAttack(input: $input) {\n      ...CommandResult\n    }\n  }\n": typeof types.EndAttackDocument,
    "\n  mutation Fortify($input: FortifyInput!) {\n    fortify(input: $input) {\n      ...CommandResult\n    }\n  }\n": typeof types.FortifyDocument,
    "\n  mutation EndTurn($input: TurnInput!) {\n    endTurn(input: $input) {\n      ...CommandResult\n    }\n  }\n": typeof types.EndTurnDocument,
    "\n  mutation Resign($input: TurnInput!) {\n    resign(input: $input) {\n      ...CommandResult\n    }\n  }\n": typeof types.ResignDocument,
    "\n  query GameLog($id: ID!, $after: Int) {\n    game(id: $id) {\n      id\n      events(after: $after, first: 100) {\n        seq\n        turn\n        seat\n        kind\n        payload\n        territories {\n          index\n          owner\n          neutral\n          armies\n          sight\n        }\n      }\n    }\n  }\n": typeof types.GameLogDocument,
    "\n  query PushDevices {\n    pushPublicKey\n    viewer {\n      id\n      pushSubscriptions {\n        id\n        endpoint\n        device\n        createdAt\n        lastSuccessAt\n      }\n    }\n  }\n": typeof types.PushDevicesDocument,
    "\n  mutation RegisterPush($input: RegisterPushSubscriptionInput!) {\n    registerPushSubscription(input: $input) {\n      subscription {\n        id\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.RegisterPushDocument,
    "\n  mutation UnregisterPush($input: UnregisterPushSubscriptionInput!) {\n    unregisterPushSubscription(input: $input) {\n      removed\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.UnregisterPushDocument,
    "\n  query Chat($id: ID!, $room: String!, $read: Boolean!, $spectators: Boolean, $first: Int, $after: Cursor) {\n    game(id: $id) {\n      id\n      chatRooms(withSpectators: $spectators) {\n        name\n        canPost\n        unread\n      }\n      chatSettings {\n        off\n        playersOnly\n      }\n      chat(room: $room, first: $first, after: $after) @include(if: $read) {\n        edges {\n          node {\n            ...ChatLineFields\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": typeof types.ChatDocument,
    "\n  fragment ChatLineFields on ChatMessage {\n    id\n    room\n    seq\n    kind\n    authorId\n    authorName\n    body\n    removed\n    target\n    createdAt\n  }\n": typeof types.ChatLineFieldsFragmentDoc,
    "\n  mutation SendChatMessage($input: SendChatMessageInput!) {\n    sendChatMessage(input: $input) {\n      message {\n        ...ChatLineFields\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n      retryAfter\n    }\n  }\n": typeof types.SendChatMessageDocument,
    "\n  mutation DeleteChatMessage($id: ID!) {\n    deleteChatMessage(id: $id) {\n      message {\n        ...ChatLineFields\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.DeleteChatMessageDocument,
    "\n  mutation MarkChatRead($input: MarkChatReadInput!) {\n    markChatRead(input: $input) {\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.MarkChatReadDocument,
    "\n  mutation SetChatOff($input: SetChatOffInput!) {\n    setChatOff(input: $input) {\n      settings {\n        off\n        playersOnly\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.SetChatOffDocument,
    "\n  mutation SetChatPlayersOnly($input: SetChatPlayersOnlyInput!) {\n    setChatPlayersOnly(input: $input) {\n      settings {\n        off\n        playersOnly\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.SetChatPlayersOnlyDocument,
    "\n  subscription GamePresence($gameId: ID!) {\n    gamePresence(gameId: $gameId) {\n      spectatorCount\n      presentSeats\n    }\n  }\n": typeof types.GamePresenceDocument,
    "\n  query PresencePref {\n    viewer {\n      id\n      hidePresence\n    }\n  }\n": typeof types.PresencePrefDocument,
    "\n  mutation SetHidePresence($hide: Boolean!) {\n    updateNotificationPreferences(input: { hidePresence: $hide }) {\n      user {\n        id\n        hidePresence\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.SetHidePresenceDocument,
    "\n  subscription ChatMessages($gameId: ID!, $room: String!, $after: Int) {\n    chatMessages(gameId: $gameId, room: $room, after: $after) {\n      ...ChatLineFields\n    }\n  }\n": typeof types.ChatMessagesDocument,
    "\n  mutation BlockUser($input: BlockUserInput!) {\n    blockUser(input: $input) {\n      blocked\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.BlockUserDocument,
    "\n  mutation UnblockUser($input: BlockUserInput!) {\n    unblockUser(input: $input) {\n      blocked\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.UnblockUserDocument,
    "\n  query BlockedUsers {\n    viewer {\n      id\n      blockedUsers {\n        id\n        name\n      }\n    }\n  }\n": typeof types.BlockedUsersDocument,
    "\n  mutation ReportChatMessage($input: ReportChatMessageInput!) {\n    reportChatMessage(input: $input) {\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.ReportChatMessageDocument,
    "\n  mutation TimeOutChatUser($input: TimeOutChatUserInput!) {\n    timeOutChatUser(input: $input) {\n      message {\n        ...ChatLineFields\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.TimeOutChatUserDocument,
    "\n  mutation ShadowMuteChatUser($input: ShadowMuteChatUserInput!) {\n    shadowMuteChatUser(input: $input) {\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.ShadowMuteChatUserDocument,
    "\n  query ChatReports($first: Int, $after: Int) {\n    chatReports(first: $first, after: $after) {\n      id\n      reason\n      reporterName\n      createdAt\n      gameId\n      message {\n        ...ChatLineFields\n      }\n      context {\n        ...ChatLineFields\n      }\n    }\n  }\n": typeof types.ChatReportsDocument,
    "\n  mutation CloseChatReport($input: CloseChatReportInput!) {\n    closeChatReport(input: $input) {\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.CloseChatReportDocument,
    "\n  mutation LiftChatTimeout($input: LiftChatTimeoutInput!) {\n    liftChatTimeout(input: $input) {\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.LiftChatTimeoutDocument,
    "\n  query ModerationLog($first: Int, $before: Int) {\n    moderationLog(first: $first, before: $before) {\n      id\n      moderatorName\n      action\n      targetId\n      targetName\n      gameId\n      messageId\n      reportId\n      reason\n      createdAt\n    }\n  }\n": typeof types.ModerationLogDocument,
    "\n  query ChatTimeout {\n    viewer {\n      id\n      chatTimeout {\n        until\n        reason\n      }\n    }\n  }\n": typeof types.ChatTimeoutDocument,
    "\n  query Tournaments($status: TournamentStatus, $first: Int, $after: Cursor) {\n    tournaments(status: $status, first: $first, after: $after) {\n      totalCount\n      edges {\n        cursor\n        node {\n          id\n          name\n          format\n          seats\n          status\n          round\n          roundCount\n          entryLimit\n          entrantCount\n          startsAt\n          rated\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.TournamentsDocument,
    "\n  query Tournament($id: ID!) {\n    tournament(id: $id) {\n      id\n      name\n      format\n      seats\n      maps\n      turnLimitSeconds\n      rated\n      ratingMode\n      entryLimit\n      startsAt\n      roundCount\n      round\n      status\n      createdAt\n      startedAt\n      finishedAt\n      creator {\n        name\n      }\n      viewerEntered\n      entrants {\n        userName\n        seed\n        enteredAt\n      }\n      rounds {\n        number\n        tableCount\n        tables {\n          number\n          bye\n          over\n          gameId\n          advancing {\n            userName\n          }\n          seats {\n            userName\n            place\n            points\n          }\n        }\n      }\n      standings {\n        rank\n        userName\n        points\n        buchholz\n        wins\n        played\n        seed\n      }\n      bracket {\n        number\n        tableCount\n        tables {\n          number\n          bye\n          over\n          gameId\n          advancing {\n            userName\n          }\n          seats {\n            userName\n            place\n          }\n        }\n      }\n    }\n  }\n": typeof types.TournamentDocument,
    "\n  query TournamentMaps {\n    maps(first: 100) {\n      edges {\n        node {\n          id\n          key\n          name\n          territoryCount\n          visibility\n        }\n      }\n    }\n  }\n": typeof types.TournamentMapsDocument,
    "\n  mutation CreateTournament($input: CreateTournamentInput!) {\n    createTournament(input: $input) {\n      tournament {\n        id\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.CreateTournamentDocument,
    "\n  mutation EnterTournament($id: ID!) {\n    enterTournament(id: $id) {\n      tournament {\n        id\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.EnterTournamentDocument,
    "\n  mutation LeaveTournament($id: ID!) {\n    leaveTournament(id: $id) {\n      tournament {\n        id\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": typeof types.LeaveTournamentDocument,
};
const documents: Documents = {
    "\n  query Viewer {\n    viewer {\n      id\n      name\n      email\n      phone\n      notify\n      moderator\n    }\n  }\n": types.ViewerDocument,
    "\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      user {\n        id\n        name\n      }\n      session {\n        token\n        expiresAt\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.SignUpDocument,
    "\n  mutation SignIn($input: SignInInput!) {\n    signIn(input: $input) {\n      user {\n        id\n        name\n      }\n      session {\n        token\n        expiresAt\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.SignInDocument,
    "\n  mutation SignOut {\n    signOut {\n      revoked\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.SignOutDocument,
    "\n  mutation UpdateNotifications($input: UpdateNotificationPreferencesInput!) {\n    updateNotificationPreferences(input: $input) {\n      user {\n        id\n        notify\n        phone\n        ...NotificationPrefsFields\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.UpdateNotificationsDocument,
    "\n  fragment NotificationPrefsFields on User {\n    notificationPreferences {\n      channels {\n        kind\n        channel\n      }\n      digestHours\n      timeZone\n      quietHours {\n        start\n        end\n      }\n      always\n    }\n  }\n": types.NotificationPrefsFieldsFragmentDoc,
    "\n  query NotificationPrefs {\n    pushPublicKey\n    viewer {\n      id\n      notify\n      phone\n      ...NotificationPrefsFields\n    }\n  }\n": types.NotificationPrefsDocument,
    "\n  query ApiTokens {\n    apiTokens(first: 100) {\n      totalCount\n      edges {\n        node {\n          id\n          name\n          createdAt\n          lastUsedAt\n          expiresAt\n        }\n      }\n    }\n  }\n": types.ApiTokensDocument,
    "\n  mutation CreateApiToken($input: CreateApiTokenInput!) {\n    createApiToken(input: $input) {\n      apiToken {\n        id\n        name\n        createdAt\n      }\n      secret\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.CreateApiTokenDocument,
    "\n  mutation RevokeApiToken($input: RevokeApiTokenInput!) {\n    revokeApiToken(input: $input) {\n      apiToken {\n        id\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.RevokeApiTokenDocument,
    "\n  fragment ActionFields on Action {\n    kind\n    from\n    to\n    cards\n    min\n    max\n    worth\n    bonusTerritories\n    bonusArmies\n    defendDice\n  }\n": types.ActionFieldsFragmentDoc,
    "\n  fragment ReinforcementsFields on Reinforcements {\n    seat\n    territories\n    fromTerritories\n    areas {\n      key\n      name\n      bonus\n    }\n    minimum\n    total\n    fromCards\n  }\n": types.ReinforcementsFieldsFragmentDoc,
    "\n  fragment GameCard on Game {\n    id\n    name\n    status\n    phase\n    turn\n    currentSeat\n    turnDeadline\n    turnLimitSeconds\n    cardSystem\n    claim\n    fog\n    inviteCode\n    winner\n    winners\n    teams {\n      index\n      name\n      color\n      openSeats\n    }\n    viewerInvitedSeat\n    creator {\n      id\n      name\n    }\n    map {\n      key\n      version\n      name\n    }\n    seats {\n      seat\n      color\n      team\n      userName\n      user {\n        id\n      }\n      cpu\n      difficulty\n      status\n      territories\n      place\n    }\n  }\n": types.GameCardFragmentDoc,
    "\n  query MyGames {\n    games(filter: { mine: true }, first: 20) {\n      totalCount\n      edges {\n        node {\n          ...GameCard\n          chatUnread\n        }\n      }\n    }\n  }\n": types.MyGamesDocument,
    "\n  query OpenGames {\n    games(filter: { openToJoin: true }, first: 15) {\n      totalCount\n      edges {\n        node {\n          ...GameCard\n        }\n      }\n    }\n  }\n": types.OpenGamesDocument,
    "\n  query Invitations {\n    games(filter: { invited: true }, first: 20) {\n      totalCount\n      edges {\n        node {\n          ...GameCard\n        }\n      }\n    }\n  }\n": types.InvitationsDocument,
    "\n  query Invitation($id: ID!) {\n    game(id: $id) {\n      ...GameCard\n      teamRules {\n        placeOnTeammates\n        fortify\n        attackTeammates\n        noCardFromTeammates\n        handover\n      }\n    }\n  }\n": types.InvitationDocument,
    "\n  mutation DeclineInvitation($input: GameInput!) {\n    declineInvitation(input: $input) {\n      game {\n        id\n        status\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.DeclineInvitationDocument,
    "\n  mutation RematchGame($input: GameInput!) {\n    rematchGame(input: $input) {\n      game {\n        id\n        status\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.RematchGameDocument,
    "\n  query Maps {\n    maps(first: 50) {\n      totalCount\n      edges {\n        node {\n          id\n          key\n          version\n          name\n          description\n          territoryCount\n          bonusAreaCount\n          previewUrl\n        }\n      }\n    }\n  }\n": types.MapsDocument,
    "\n  mutation CreateGame($input: CreateGameInput!) {\n    createGame(input: $input) {\n      game {\n        id\n        status\n        inviteCode\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.CreateGameDocument,
    "\n  mutation JoinGame($input: JoinGameInput!) {\n    joinGame(input: $input) {\n      game {\n        id\n        status\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.JoinGameDocument,
    "\n  mutation LeaveGame($input: GameInput!) {\n    leaveGame(input: $input) {\n      game {\n        id\n        status\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.LeaveGameDocument,
    "\n  mutation StartGame($input: GameInput!) {\n    startGame(input: $input) {\n      game {\n        id\n        status\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.StartGameDocument,
    "\n  query Game($id: ID!) {\n    game(id: $id) {\n      ...GameCard\n      teamRules {\n        placeOnTeammates\n        fortify\n        attackTeammates\n        noCardFromTeammates\n        handover\n      }\n      version\n      seq\n      round\n      reinforcements {\n        ...ReinforcementsFields\n      }\n      ttbPercent\n      viewerPlaysFor\n      seats {\n        seat\n        armies\n        cardCount\n        cards\n        handedOver\n      }\n      board {\n        key\n        name\n        owner\n        neutral\n        armies\n        sight\n      }\n      viewerActionSummary {\n        kind\n        count\n        from\n      }\n    }\n  }\n": types.GameDocument,
    "\n  query GameActions($id: ID!, $full: Boolean!, $seat: Int) {\n    game(id: $id) {\n      id\n      version\n      seq\n      turnDeadline\n      round\n      reinforcements {\n        ...ReinforcementsFields\n      }\n      viewerActionSummary(seat: $seat) {\n        kind\n        count\n        from\n      }\n      viewerActions(seat: $seat) @include(if: $full) {\n        ...ActionFields\n      }\n      trades: viewerActions(kind: \"trade\", seat: $seat) @skip(if: $full) {\n        ...ActionFields\n      }\n      seats {\n        seat\n        status\n        cardCount\n        cards\n        territories\n        armies\n      }\n    }\n  }\n": types.GameActionsDocument,
    "\n  query GameActionsFrom($id: ID!, $from: String!, $seat: Int) {\n    game(id: $id) {\n      id\n      version\n      viewerActions(from: $from, seat: $seat) {\n        ...ActionFields\n      }\n    }\n  }\n": types.GameActionsFromDocument,
    "\n  query GameMapGeometry($id: ID!, $areaPalette: Int!) {\n    game(id: $id) {\n      id\n      map {\n        id\n        key\n        version\n        name\n        width\n        height\n        territories {\n          key\n          name\n          x\n          y\n          shape\n          neighbours\n          bonusAreas\n        }\n        borders {\n          from\n          to\n          sea\n        }\n        bonusAreas {\n          key\n          name\n          bonus\n          colorIndex(paletteSize: $areaPalette)\n        }\n      }\n    }\n  }\n": types.GameMapGeometryDocument,
    "\n  query GameRecord($id: ID!) {\n    game(id: $id) {\n      id\n      status\n      record\n    }\n  }\n": types.GameRecordDocument,
    "\n  query RollOdds($attackDice: Int!, $defendDice: Int!) {\n    rollOdds(attackDice: $attackDice, defendDice: $defendDice) {\n      attackerLosses\n      defenderLosses\n      probability\n    }\n  }\n": types.RollOddsDocument,
    "\n  query BattleOdds($attackers: Int!, $defenders: Int!) {\n    battleOdds(attackers: $attackers, defenders: $defenders) {\n      attackerWins\n      expectedAttackerSurvivors\n      expectedDefenderSurvivors\n    }\n  }\n": types.BattleOddsDocument,
    "\n  subscription GameEvents($gameId: ID!, $after: Int) {\n    gameEvents(gameId: $gameId, after: $after) {\n      seq\n      turn\n      seat\n      kind\n      payload\n      phase\n      currentSeat\n      territories {\n        index\n        key\n        owner\n        neutral\n        armies\n        sight\n      }\n      dice {\n        attacker\n        defender\n      }\n      winner\n    }\n  }\n": types.GameEventsDocument,
    "\n  subscription GameLobby($gameId: ID!) {\n    gameLobby(gameId: $gameId) {\n      ...GameCard\n      version\n    }\n  }\n": types.GameLobbyDocument,
    "\n  subscription ViewerEvents($after: Int) {\n    viewerEvents(after: $after) {\n      seq\n      kind\n      gameId\n      turn\n      data\n      createdAt\n      game {\n        id\n        map {\n          name\n        }\n      }\n    }\n  }\n": types.ViewerEventsDocument,
    "\n  fragment CommandResult on GamePayload {\n    version\n    events {\n      seq\n      turn\n      seat\n      kind\n      payload\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n": types.CommandResultFragmentDoc,
    "\n  mutation Claim($input: ClaimTerritoryInput!) {\n    claimTerritory(input: $input) {\n      ...CommandResult\n    }\n  }\n": types.ClaimDocument,
    "\n  mutation Place($input: PlaceArmiesInput!) {\n    placeArmies(input: $input) {\n      ...CommandResult\n    }\n  }\n": types.PlaceDocument,
    "\n  mutation Trade($input: TradeCardsInput!) {\n    tradeCards(input: $input) {\n      ...CommandResult\n    }\n  }\n": types.TradeDocument,
    "\n  mutation Attack($input: AttackInput!) {\n    attack(input: $input) {\n      ...CommandResult\n    }\n  }\n": types.AttackDocument,
    "\n  mutation Occupy($input: OccupyInput!) {\n    occupy(input: $input) {\n      ...CommandResult\n    }\n  }\n": types.OccupyDocument,
    "\n  mutation EndAttack($input: TurnInput!) {\n    endAttack(input: $input) {\n      ...CommandResult\n    }\n  }\n": types.EndAttackDocument,
    "\n  mutation Fortify($input: FortifyInput!) {\n    fortify(input: $input) {\n      ...CommandResult\n    }\n  }\n": types.FortifyDocument,
    "\n  mutation EndTurn($input: TurnInput!) {\n    endTurn(input: $input) {\n      ...CommandResult\n    }\n  }\n": types.EndTurnDocument,
    "\n  mutation Resign($input: TurnInput!) {\n    resign(input: $input) {\n      ...CommandResult\n    }\n  }\n": types.ResignDocument,
    "\n  query GameLog($id: ID!, $after: Int) {\n    game(id: $id) {\n      id\n      events(after: $after, first: 100) {\n        seq\n        turn\n        seat\n        kind\n        payload\n        territories {\n          index\n          owner\n          neutral\n          armies\n          sight\n        }\n      }\n    }\n  }\n": types.GameLogDocument,
    "\n  query PushDevices {\n    pushPublicKey\n    viewer {\n      id\n      pushSubscriptions {\n        id\n        endpoint\n        device\n        createdAt\n        lastSuccessAt\n      }\n    }\n  }\n": types.PushDevicesDocument,
    "\n  mutation RegisterPush($input: RegisterPushSubscriptionInput!) {\n    registerPushSubscription(input: $input) {\n      subscription {\n        id\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.RegisterPushDocument,
    "\n  mutation UnregisterPush($input: UnregisterPushSubscriptionInput!) {\n    unregisterPushSubscription(input: $input) {\n      removed\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.UnregisterPushDocument,
    "\n  query Chat($id: ID!, $room: String!, $read: Boolean!, $spectators: Boolean, $first: Int, $after: Cursor) {\n    game(id: $id) {\n      id\n      chatRooms(withSpectators: $spectators) {\n        name\n        canPost\n        unread\n      }\n      chatSettings {\n        off\n        playersOnly\n      }\n      chat(room: $room, first: $first, after: $after) @include(if: $read) {\n        edges {\n          node {\n            ...ChatLineFields\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": types.ChatDocument,
    "\n  fragment ChatLineFields on ChatMessage {\n    id\n    room\n    seq\n    kind\n    authorId\n    authorName\n    body\n    removed\n    target\n    createdAt\n  }\n": types.ChatLineFieldsFragmentDoc,
    "\n  mutation SendChatMessage($input: SendChatMessageInput!) {\n    sendChatMessage(input: $input) {\n      message {\n        ...ChatLineFields\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n      retryAfter\n    }\n  }\n": types.SendChatMessageDocument,
    "\n  mutation DeleteChatMessage($id: ID!) {\n    deleteChatMessage(id: $id) {\n      message {\n        ...ChatLineFields\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.DeleteChatMessageDocument,
    "\n  mutation MarkChatRead($input: MarkChatReadInput!) {\n    markChatRead(input: $input) {\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.MarkChatReadDocument,
    "\n  mutation SetChatOff($input: SetChatOffInput!) {\n    setChatOff(input: $input) {\n      settings {\n        off\n        playersOnly\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.SetChatOffDocument,
    "\n  mutation SetChatPlayersOnly($input: SetChatPlayersOnlyInput!) {\n    setChatPlayersOnly(input: $input) {\n      settings {\n        off\n        playersOnly\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.SetChatPlayersOnlyDocument,
    "\n  subscription GamePresence($gameId: ID!) {\n    gamePresence(gameId: $gameId) {\n      spectatorCount\n      presentSeats\n    }\n  }\n": types.GamePresenceDocument,
    "\n  query PresencePref {\n    viewer {\n      id\n      hidePresence\n    }\n  }\n": types.PresencePrefDocument,
    "\n  mutation SetHidePresence($hide: Boolean!) {\n    updateNotificationPreferences(input: { hidePresence: $hide }) {\n      user {\n        id\n        hidePresence\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.SetHidePresenceDocument,
    "\n  subscription ChatMessages($gameId: ID!, $room: String!, $after: Int) {\n    chatMessages(gameId: $gameId, room: $room, after: $after) {\n      ...ChatLineFields\n    }\n  }\n": types.ChatMessagesDocument,
    "\n  mutation BlockUser($input: BlockUserInput!) {\n    blockUser(input: $input) {\n      blocked\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.BlockUserDocument,
    "\n  mutation UnblockUser($input: BlockUserInput!) {\n    unblockUser(input: $input) {\n      blocked\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.UnblockUserDocument,
    "\n  query BlockedUsers {\n    viewer {\n      id\n      blockedUsers {\n        id\n        name\n      }\n    }\n  }\n": types.BlockedUsersDocument,
    "\n  mutation ReportChatMessage($input: ReportChatMessageInput!) {\n    reportChatMessage(input: $input) {\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.ReportChatMessageDocument,
    "\n  mutation TimeOutChatUser($input: TimeOutChatUserInput!) {\n    timeOutChatUser(input: $input) {\n      message {\n        ...ChatLineFields\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.TimeOutChatUserDocument,
    "\n  mutation ShadowMuteChatUser($input: ShadowMuteChatUserInput!) {\n    shadowMuteChatUser(input: $input) {\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.ShadowMuteChatUserDocument,
    "\n  query ChatReports($first: Int, $after: Int) {\n    chatReports(first: $first, after: $after) {\n      id\n      reason\n      reporterName\n      createdAt\n      gameId\n      message {\n        ...ChatLineFields\n      }\n      context {\n        ...ChatLineFields\n      }\n    }\n  }\n": types.ChatReportsDocument,
    "\n  mutation CloseChatReport($input: CloseChatReportInput!) {\n    closeChatReport(input: $input) {\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.CloseChatReportDocument,
    "\n  mutation LiftChatTimeout($input: LiftChatTimeoutInput!) {\n    liftChatTimeout(input: $input) {\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.LiftChatTimeoutDocument,
    "\n  query ModerationLog($first: Int, $before: Int) {\n    moderationLog(first: $first, before: $before) {\n      id\n      moderatorName\n      action\n      targetId\n      targetName\n      gameId\n      messageId\n      reportId\n      reason\n      createdAt\n    }\n  }\n": types.ModerationLogDocument,
    "\n  query ChatTimeout {\n    viewer {\n      id\n      chatTimeout {\n        until\n        reason\n      }\n    }\n  }\n": types.ChatTimeoutDocument,
    "\n  query Tournaments($status: TournamentStatus, $first: Int, $after: Cursor) {\n    tournaments(status: $status, first: $first, after: $after) {\n      totalCount\n      edges {\n        cursor\n        node {\n          id\n          name\n          format\n          seats\n          status\n          round\n          roundCount\n          entryLimit\n          entrantCount\n          startsAt\n          rated\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.TournamentsDocument,
    "\n  query Tournament($id: ID!) {\n    tournament(id: $id) {\n      id\n      name\n      format\n      seats\n      maps\n      turnLimitSeconds\n      rated\n      ratingMode\n      entryLimit\n      startsAt\n      roundCount\n      round\n      status\n      createdAt\n      startedAt\n      finishedAt\n      creator {\n        name\n      }\n      viewerEntered\n      entrants {\n        userName\n        seed\n        enteredAt\n      }\n      rounds {\n        number\n        tableCount\n        tables {\n          number\n          bye\n          over\n          gameId\n          advancing {\n            userName\n          }\n          seats {\n            userName\n            place\n            points\n          }\n        }\n      }\n      standings {\n        rank\n        userName\n        points\n        buchholz\n        wins\n        played\n        seed\n      }\n      bracket {\n        number\n        tableCount\n        tables {\n          number\n          bye\n          over\n          gameId\n          advancing {\n            userName\n          }\n          seats {\n            userName\n            place\n          }\n        }\n      }\n    }\n  }\n": types.TournamentDocument,
    "\n  query TournamentMaps {\n    maps(first: 100) {\n      edges {\n        node {\n          id\n          key\n          name\n          territoryCount\n          visibility\n        }\n      }\n    }\n  }\n": types.TournamentMapsDocument,
    "\n  mutation CreateTournament($input: CreateTournamentInput!) {\n    createTournament(input: $input) {\n      tournament {\n        id\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.CreateTournamentDocument,
    "\n  mutation EnterTournament($id: ID!) {\n    enterTournament(id: $id) {\n      tournament {\n        id\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.EnterTournamentDocument,
    "\n  mutation LeaveTournament($id: ID!) {\n    leaveTournament(id: $id) {\n      tournament {\n        id\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n": types.LeaveTournamentDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Viewer {\n    viewer {\n      id\n      name\n      email\n      phone\n      notify\n      moderator\n    }\n  }\n"): (typeof documents)["\n  query Viewer {\n    viewer {\n      id\n      name\n      email\n      phone\n      notify\n      moderator\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      user {\n        id\n        name\n      }\n      session {\n        token\n        expiresAt\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      user {\n        id\n        name\n      }\n      session {\n        token\n        expiresAt\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignIn($input: SignInInput!) {\n    signIn(input: $input) {\n      user {\n        id\n        name\n      }\n      session {\n        token\n        expiresAt\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SignIn($input: SignInInput!) {\n    signIn(input: $input) {\n      user {\n        id\n        name\n      }\n      session {\n        token\n        expiresAt\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignOut {\n    signOut {\n      revoked\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SignOut {\n    signOut {\n      revoked\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateNotifications($input: UpdateNotificationPreferencesInput!) {\n    updateNotificationPreferences(input: $input) {\n      user {\n        id\n        notify\n        phone\n        ...NotificationPrefsFields\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateNotifications($input: UpdateNotificationPreferencesInput!) {\n    updateNotificationPreferences(input: $input) {\n      user {\n        id\n        notify\n        phone\n        ...NotificationPrefsFields\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment NotificationPrefsFields on User {\n    notificationPreferences {\n      channels {\n        kind\n        channel\n      }\n      digestHours\n      timeZone\n      quietHours {\n        start\n        end\n      }\n      always\n    }\n  }\n"): (typeof documents)["\n  fragment NotificationPrefsFields on User {\n    notificationPreferences {\n      channels {\n        kind\n        channel\n      }\n      digestHours\n      timeZone\n      quietHours {\n        start\n        end\n      }\n      always\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NotificationPrefs {\n    pushPublicKey\n    viewer {\n      id\n      notify\n      phone\n      ...NotificationPrefsFields\n    }\n  }\n"): (typeof documents)["\n  query NotificationPrefs {\n    pushPublicKey\n    viewer {\n      id\n      notify\n      phone\n      ...NotificationPrefsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApiTokens {\n    apiTokens(first: 100) {\n      totalCount\n      edges {\n        node {\n          id\n          name\n          createdAt\n          lastUsedAt\n          expiresAt\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ApiTokens {\n    apiTokens(first: 100) {\n      totalCount\n      edges {\n        node {\n          id\n          name\n          createdAt\n          lastUsedAt\n          expiresAt\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateApiToken($input: CreateApiTokenInput!) {\n    createApiToken(input: $input) {\n      apiToken {\n        id\n        name\n        createdAt\n      }\n      secret\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateApiToken($input: CreateApiTokenInput!) {\n    createApiToken(input: $input) {\n      apiToken {\n        id\n        name\n        createdAt\n      }\n      secret\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeApiToken($input: RevokeApiTokenInput!) {\n    revokeApiToken(input: $input) {\n      apiToken {\n        id\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RevokeApiToken($input: RevokeApiTokenInput!) {\n    revokeApiToken(input: $input) {\n      apiToken {\n        id\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ActionFields on Action {\n    kind\n    from\n    to\n    cards\n    min\n    max\n    worth\n    bonusTerritories\n    bonusArmies\n    defendDice\n  }\n"): (typeof documents)["\n  fragment ActionFields on Action {\n    kind\n    from\n    to\n    cards\n    min\n    max\n    worth\n    bonusTerritories\n    bonusArmies\n    defendDice\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ReinforcementsFields on Reinforcements {\n    seat\n    territories\n    fromTerritories\n    areas {\n      key\n      name\n      bonus\n    }\n    minimum\n    total\n    fromCards\n  }\n"): (typeof documents)["\n  fragment ReinforcementsFields on Reinforcements {\n    seat\n    territories\n    fromTerritories\n    areas {\n      key\n      name\n      bonus\n    }\n    minimum\n    total\n    fromCards\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment GameCard on Game {\n    id\n    name\n    status\n    phase\n    turn\n    currentSeat\n    turnDeadline\n    turnLimitSeconds\n    cardSystem\n    claim\n    fog\n    inviteCode\n    winner\n    winners\n    teams {\n      index\n      name\n      color\n      openSeats\n    }\n    viewerInvitedSeat\n    creator {\n      id\n      name\n    }\n    map {\n      key\n      version\n      name\n    }\n    seats {\n      seat\n      color\n      team\n      userName\n      user {\n        id\n      }\n      cpu\n      difficulty\n      status\n      territories\n      place\n    }\n  }\n"): (typeof documents)["\n  fragment GameCard on Game {\n    id\n    name\n    status\n    phase\n    turn\n    currentSeat\n    turnDeadline\n    turnLimitSeconds\n    cardSystem\n    claim\n    fog\n    inviteCode\n    winner\n    winners\n    teams {\n      index\n      name\n      color\n      openSeats\n    }\n    viewerInvitedSeat\n    creator {\n      id\n      name\n    }\n    map {\n      key\n      version\n      name\n    }\n    seats {\n      seat\n      color\n      team\n      userName\n      user {\n        id\n      }\n      cpu\n      difficulty\n      status\n      territories\n      place\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyGames {\n    games(filter: { mine: true }, first: 20) {\n      totalCount\n      edges {\n        node {\n          ...GameCard\n          chatUnread\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query MyGames {\n    games(filter: { mine: true }, first: 20) {\n      totalCount\n      edges {\n        node {\n          ...GameCard\n          chatUnread\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OpenGames {\n    games(filter: { openToJoin: true }, first: 15) {\n      totalCount\n      edges {\n        node {\n          ...GameCard\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query OpenGames {\n    games(filter: { openToJoin: true }, first: 15) {\n      totalCount\n      edges {\n        node {\n          ...GameCard\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Invitations {\n    games(filter: { invited: true }, first: 20) {\n      totalCount\n      edges {\n        node {\n          ...GameCard\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Invitations {\n    games(filter: { invited: true }, first: 20) {\n      totalCount\n      edges {\n        node {\n          ...GameCard\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Invitation($id: ID!) {\n    game(id: $id) {\n      ...GameCard\n      teamRules {\n        placeOnTeammates\n        fortify\n        attackTeammates\n        noCardFromTeammates\n        handover\n      }\n    }\n  }\n"): (typeof documents)["\n  query Invitation($id: ID!) {\n    game(id: $id) {\n      ...GameCard\n      teamRules {\n        placeOnTeammates\n        fortify\n        attackTeammates\n        noCardFromTeammates\n        handover\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeclineInvitation($input: GameInput!) {\n    declineInvitation(input: $input) {\n      game {\n        id\n        status\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation DeclineInvitation($input: GameInput!) {\n    declineInvitation(input: $input) {\n      game {\n        id\n        status\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RematchGame($input: GameInput!) {\n    rematchGame(input: $input) {\n      game {\n        id\n        status\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RematchGame($input: GameInput!) {\n    rematchGame(input: $input) {\n      game {\n        id\n        status\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Maps {\n    maps(first: 50) {\n      totalCount\n      edges {\n        node {\n          id\n          key\n          version\n          name\n          description\n          territoryCount\n          bonusAreaCount\n          previewUrl\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Maps {\n    maps(first: 50) {\n      totalCount\n      edges {\n        node {\n          id\n          key\n          version\n          name\n          description\n          territoryCount\n          bonusAreaCount\n          previewUrl\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateGame($input: CreateGameInput!) {\n    createGame(input: $input) {\n      game {\n        id\n        status\n        inviteCode\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateGame($input: CreateGameInput!) {\n    createGame(input: $input) {\n      game {\n        id\n        status\n        inviteCode\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation JoinGame($input: JoinGameInput!) {\n    joinGame(input: $input) {\n      game {\n        id\n        status\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation JoinGame($input: JoinGameInput!) {\n    joinGame(input: $input) {\n      game {\n        id\n        status\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LeaveGame($input: GameInput!) {\n    leaveGame(input: $input) {\n      game {\n        id\n        status\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation LeaveGame($input: GameInput!) {\n    leaveGame(input: $input) {\n      game {\n        id\n        status\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartGame($input: GameInput!) {\n    startGame(input: $input) {\n      game {\n        id\n        status\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation StartGame($input: GameInput!) {\n    startGame(input: $input) {\n      game {\n        id\n        status\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Game($id: ID!) {\n    game(id: $id) {\n      ...GameCard\n      teamRules {\n        placeOnTeammates\n        fortify\n        attackTeammates\n        noCardFromTeammates\n        handover\n      }\n      version\n      seq\n      round\n      reinforcements {\n        ...ReinforcementsFields\n      }\n      ttbPercent\n      viewerPlaysFor\n      seats {\n        seat\n        armies\n        cardCount\n        cards\n        handedOver\n      }\n      board {\n        key\n        name\n        owner\n        neutral\n        armies\n        sight\n      }\n      viewerActionSummary {\n        kind\n        count\n        from\n      }\n    }\n  }\n"): (typeof documents)["\n  query Game($id: ID!) {\n    game(id: $id) {\n      ...GameCard\n      teamRules {\n        placeOnTeammates\n        fortify\n        attackTeammates\n        noCardFromTeammates\n        handover\n      }\n      version\n      seq\n      round\n      reinforcements {\n        ...ReinforcementsFields\n      }\n      ttbPercent\n      viewerPlaysFor\n      seats {\n        seat\n        armies\n        cardCount\n        cards\n        handedOver\n      }\n      board {\n        key\n        name\n        owner\n        neutral\n        armies\n        sight\n      }\n      viewerActionSummary {\n        kind\n        count\n        from\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GameActions($id: ID!, $full: Boolean!, $seat: Int) {\n    game(id: $id) {\n      id\n      version\n      seq\n      turnDeadline\n      round\n      reinforcements {\n        ...ReinforcementsFields\n      }\n      viewerActionSummary(seat: $seat) {\n        kind\n        count\n        from\n      }\n      viewerActions(seat: $seat) @include(if: $full) {\n        ...ActionFields\n      }\n      trades: viewerActions(kind: \"trade\", seat: $seat) @skip(if: $full) {\n        ...ActionFields\n      }\n      seats {\n        seat\n        status\n        cardCount\n        cards\n        territories\n        armies\n      }\n    }\n  }\n"): (typeof documents)["\n  query GameActions($id: ID!, $full: Boolean!, $seat: Int) {\n    game(id: $id) {\n      id\n      version\n      seq\n      turnDeadline\n      round\n      reinforcements {\n        ...ReinforcementsFields\n      }\n      viewerActionSummary(seat: $seat) {\n        kind\n        count\n        from\n      }\n      viewerActions(seat: $seat) @include(if: $full) {\n        ...ActionFields\n      }\n      trades: viewerActions(kind: \"trade\", seat: $seat) @skip(if: $full) {\n        ...ActionFields\n      }\n      seats {\n        seat\n        status\n        cardCount\n        cards\n        territories\n        armies\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GameActionsFrom($id: ID!, $from: String!, $seat: Int) {\n    game(id: $id) {\n      id\n      version\n      viewerActions(from: $from, seat: $seat) {\n        ...ActionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query GameActionsFrom($id: ID!, $from: String!, $seat: Int) {\n    game(id: $id) {\n      id\n      version\n      viewerActions(from: $from, seat: $seat) {\n        ...ActionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GameMapGeometry($id: ID!, $areaPalette: Int!) {\n    game(id: $id) {\n      id\n      map {\n        id\n        key\n        version\n        name\n        width\n        height\n        territories {\n          key\n          name\n          x\n          y\n          shape\n          neighbours\n          bonusAreas\n        }\n        borders {\n          from\n          to\n          sea\n        }\n        bonusAreas {\n          key\n          name\n          bonus\n          colorIndex(paletteSize: $areaPalette)\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query GameMapGeometry($id: ID!, $areaPalette: Int!) {\n    game(id: $id) {\n      id\n      map {\n        id\n        key\n        version\n        name\n        width\n        height\n        territories {\n          key\n          name\n          x\n          y\n          shape\n          neighbours\n          bonusAreas\n        }\n        borders {\n          from\n          to\n          sea\n        }\n        bonusAreas {\n          key\n          name\n          bonus\n          colorIndex(paletteSize: $areaPalette)\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GameRecord($id: ID!) {\n    game(id: $id) {\n      id\n      status\n      record\n    }\n  }\n"): (typeof documents)["\n  query GameRecord($id: ID!) {\n    game(id: $id) {\n      id\n      status\n      record\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RollOdds($attackDice: Int!, $defendDice: Int!) {\n    rollOdds(attackDice: $attackDice, defendDice: $defendDice) {\n      attackerLosses\n      defenderLosses\n      probability\n    }\n  }\n"): (typeof documents)["\n  query RollOdds($attackDice: Int!, $defendDice: Int!) {\n    rollOdds(attackDice: $attackDice, defendDice: $defendDice) {\n      attackerLosses\n      defenderLosses\n      probability\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BattleOdds($attackers: Int!, $defenders: Int!) {\n    battleOdds(attackers: $attackers, defenders: $defenders) {\n      attackerWins\n      expectedAttackerSurvivors\n      expectedDefenderSurvivors\n    }\n  }\n"): (typeof documents)["\n  query BattleOdds($attackers: Int!, $defenders: Int!) {\n    battleOdds(attackers: $attackers, defenders: $defenders) {\n      attackerWins\n      expectedAttackerSurvivors\n      expectedDefenderSurvivors\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription GameEvents($gameId: ID!, $after: Int) {\n    gameEvents(gameId: $gameId, after: $after) {\n      seq\n      turn\n      seat\n      kind\n      payload\n      phase\n      currentSeat\n      territories {\n        index\n        key\n        owner\n        neutral\n        armies\n        sight\n      }\n      dice {\n        attacker\n        defender\n      }\n      winner\n    }\n  }\n"): (typeof documents)["\n  subscription GameEvents($gameId: ID!, $after: Int) {\n    gameEvents(gameId: $gameId, after: $after) {\n      seq\n      turn\n      seat\n      kind\n      payload\n      phase\n      currentSeat\n      territories {\n        index\n        key\n        owner\n        neutral\n        armies\n        sight\n      }\n      dice {\n        attacker\n        defender\n      }\n      winner\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription GameLobby($gameId: ID!) {\n    gameLobby(gameId: $gameId) {\n      ...GameCard\n      version\n    }\n  }\n"): (typeof documents)["\n  subscription GameLobby($gameId: ID!) {\n    gameLobby(gameId: $gameId) {\n      ...GameCard\n      version\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ViewerEvents($after: Int) {\n    viewerEvents(after: $after) {\n      seq\n      kind\n      gameId\n      turn\n      data\n      createdAt\n      game {\n        id\n        map {\n          name\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription ViewerEvents($after: Int) {\n    viewerEvents(after: $after) {\n      seq\n      kind\n      gameId\n      turn\n      data\n      createdAt\n      game {\n        id\n        map {\n          name\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CommandResult on GamePayload {\n    version\n    events {\n      seq\n      turn\n      seat\n      kind\n      payload\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n"): (typeof documents)["\n  fragment CommandResult on GamePayload {\n    version\n    events {\n      seq\n      turn\n      seat\n      kind\n      payload\n    }\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Claim($input: ClaimTerritoryInput!) {\n    claimTerritory(input: $input) {\n      ...CommandResult\n    }\n  }\n"): (typeof documents)["\n  mutation Claim($input: ClaimTerritoryInput!) {\n    claimTerritory(input: $input) {\n      ...CommandResult\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Place($input: PlaceArmiesInput!) {\n    placeArmies(input: $input) {\n      ...CommandResult\n    }\n  }\n"): (typeof documents)["\n  mutation Place($input: PlaceArmiesInput!) {\n    placeArmies(input: $input) {\n      ...CommandResult\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Trade($input: TradeCardsInput!) {\n    tradeCards(input: $input) {\n      ...CommandResult\n    }\n  }\n"): (typeof documents)["\n  mutation Trade($input: TradeCardsInput!) {\n    tradeCards(input: $input) {\n      ...CommandResult\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Attack($input: AttackInput!) {\n    attack(input: $input) {\n      ...CommandResult\n    }\n  }\n"): (typeof documents)["\n  mutation Attack($input: AttackInput!) {\n    attack(input: $input) {\n      ...CommandResult\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Occupy($input: OccupyInput!) {\n    occupy(input: $input) {\n      ...CommandResult\n    }\n  }\n"): (typeof documents)["\n  mutation Occupy($input: OccupyInput!) {\n    occupy(input: $input) {\n      ...CommandResult\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EndAttack($input: TurnInput!) {\n    endAttack(input: $input) {\n      ...CommandResult\n    }\n  }\n"): (typeof documents)["\n  mutation EndAttack($input: TurnInput!) {\n    endAttack(input: $input) {\n      ...CommandResult\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Fortify($input: FortifyInput!) {\n    fortify(input: $input) {\n      ...CommandResult\n    }\n  }\n"): (typeof documents)["\n  mutation Fortify($input: FortifyInput!) {\n    fortify(input: $input) {\n      ...CommandResult\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EndTurn($input: TurnInput!) {\n    endTurn(input: $input) {\n      ...CommandResult\n    }\n  }\n"): (typeof documents)["\n  mutation EndTurn($input: TurnInput!) {\n    endTurn(input: $input) {\n      ...CommandResult\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Resign($input: TurnInput!) {\n    resign(input: $input) {\n      ...CommandResult\n    }\n  }\n"): (typeof documents)["\n  mutation Resign($input: TurnInput!) {\n    resign(input: $input) {\n      ...CommandResult\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GameLog($id: ID!, $after: Int) {\n    game(id: $id) {\n      id\n      events(after: $after, first: 100) {\n        seq\n        turn\n        seat\n        kind\n        payload\n        territories {\n          index\n          owner\n          neutral\n          armies\n          sight\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query GameLog($id: ID!, $after: Int) {\n    game(id: $id) {\n      id\n      events(after: $after, first: 100) {\n        seq\n        turn\n        seat\n        kind\n        payload\n        territories {\n          index\n          owner\n          neutral\n          armies\n          sight\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PushDevices {\n    pushPublicKey\n    viewer {\n      id\n      pushSubscriptions {\n        id\n        endpoint\n        device\n        createdAt\n        lastSuccessAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query PushDevices {\n    pushPublicKey\n    viewer {\n      id\n      pushSubscriptions {\n        id\n        endpoint\n        device\n        createdAt\n        lastSuccessAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RegisterPush($input: RegisterPushSubscriptionInput!) {\n    registerPushSubscription(input: $input) {\n      subscription {\n        id\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RegisterPush($input: RegisterPushSubscriptionInput!) {\n    registerPushSubscription(input: $input) {\n      subscription {\n        id\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UnregisterPush($input: UnregisterPushSubscriptionInput!) {\n    unregisterPushSubscription(input: $input) {\n      removed\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UnregisterPush($input: UnregisterPushSubscriptionInput!) {\n    unregisterPushSubscription(input: $input) {\n      removed\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Chat($id: ID!, $room: String!, $read: Boolean!, $spectators: Boolean, $first: Int, $after: Cursor) {\n    game(id: $id) {\n      id\n      chatRooms(withSpectators: $spectators) {\n        name\n        canPost\n        unread\n      }\n      chatSettings {\n        off\n        playersOnly\n      }\n      chat(room: $room, first: $first, after: $after) @include(if: $read) {\n        edges {\n          node {\n            ...ChatLineFields\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Chat($id: ID!, $room: String!, $read: Boolean!, $spectators: Boolean, $first: Int, $after: Cursor) {\n    game(id: $id) {\n      id\n      chatRooms(withSpectators: $spectators) {\n        name\n        canPost\n        unread\n      }\n      chatSettings {\n        off\n        playersOnly\n      }\n      chat(room: $room, first: $first, after: $after) @include(if: $read) {\n        edges {\n          node {\n            ...ChatLineFields\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ChatLineFields on ChatMessage {\n    id\n    room\n    seq\n    kind\n    authorId\n    authorName\n    body\n    removed\n    target\n    createdAt\n  }\n"): (typeof documents)["\n  fragment ChatLineFields on ChatMessage {\n    id\n    room\n    seq\n    kind\n    authorId\n    authorName\n    body\n    removed\n    target\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendChatMessage($input: SendChatMessageInput!) {\n    sendChatMessage(input: $input) {\n      message {\n        ...ChatLineFields\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n      retryAfter\n    }\n  }\n"): (typeof documents)["\n  mutation SendChatMessage($input: SendChatMessageInput!) {\n    sendChatMessage(input: $input) {\n      message {\n        ...ChatLineFields\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n      retryAfter\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteChatMessage($id: ID!) {\n    deleteChatMessage(id: $id) {\n      message {\n        ...ChatLineFields\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteChatMessage($id: ID!) {\n    deleteChatMessage(id: $id) {\n      message {\n        ...ChatLineFields\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MarkChatRead($input: MarkChatReadInput!) {\n    markChatRead(input: $input) {\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation MarkChatRead($input: MarkChatReadInput!) {\n    markChatRead(input: $input) {\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetChatOff($input: SetChatOffInput!) {\n    setChatOff(input: $input) {\n      settings {\n        off\n        playersOnly\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SetChatOff($input: SetChatOffInput!) {\n    setChatOff(input: $input) {\n      settings {\n        off\n        playersOnly\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetChatPlayersOnly($input: SetChatPlayersOnlyInput!) {\n    setChatPlayersOnly(input: $input) {\n      settings {\n        off\n        playersOnly\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SetChatPlayersOnly($input: SetChatPlayersOnlyInput!) {\n    setChatPlayersOnly(input: $input) {\n      settings {\n        off\n        playersOnly\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription GamePresence($gameId: ID!) {\n    gamePresence(gameId: $gameId) {\n      spectatorCount\n      presentSeats\n    }\n  }\n"): (typeof documents)["\n  subscription GamePresence($gameId: ID!) {\n    gamePresence(gameId: $gameId) {\n      spectatorCount\n      presentSeats\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PresencePref {\n    viewer {\n      id\n      hidePresence\n    }\n  }\n"): (typeof documents)["\n  query PresencePref {\n    viewer {\n      id\n      hidePresence\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetHidePresence($hide: Boolean!) {\n    updateNotificationPreferences(input: { hidePresence: $hide }) {\n      user {\n        id\n        hidePresence\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SetHidePresence($hide: Boolean!) {\n    updateNotificationPreferences(input: { hidePresence: $hide }) {\n      user {\n        id\n        hidePresence\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ChatMessages($gameId: ID!, $room: String!, $after: Int) {\n    chatMessages(gameId: $gameId, room: $room, after: $after) {\n      ...ChatLineFields\n    }\n  }\n"): (typeof documents)["\n  subscription ChatMessages($gameId: ID!, $room: String!, $after: Int) {\n    chatMessages(gameId: $gameId, room: $room, after: $after) {\n      ...ChatLineFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BlockUser($input: BlockUserInput!) {\n    blockUser(input: $input) {\n      blocked\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation BlockUser($input: BlockUserInput!) {\n    blockUser(input: $input) {\n      blocked\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UnblockUser($input: BlockUserInput!) {\n    unblockUser(input: $input) {\n      blocked\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UnblockUser($input: BlockUserInput!) {\n    unblockUser(input: $input) {\n      blocked\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BlockedUsers {\n    viewer {\n      id\n      blockedUsers {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query BlockedUsers {\n    viewer {\n      id\n      blockedUsers {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReportChatMessage($input: ReportChatMessageInput!) {\n    reportChatMessage(input: $input) {\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ReportChatMessage($input: ReportChatMessageInput!) {\n    reportChatMessage(input: $input) {\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TimeOutChatUser($input: TimeOutChatUserInput!) {\n    timeOutChatUser(input: $input) {\n      message {\n        ...ChatLineFields\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation TimeOutChatUser($input: TimeOutChatUserInput!) {\n    timeOutChatUser(input: $input) {\n      message {\n        ...ChatLineFields\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ShadowMuteChatUser($input: ShadowMuteChatUserInput!) {\n    shadowMuteChatUser(input: $input) {\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ShadowMuteChatUser($input: ShadowMuteChatUserInput!) {\n    shadowMuteChatUser(input: $input) {\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ChatReports($first: Int, $after: Int) {\n    chatReports(first: $first, after: $after) {\n      id\n      reason\n      reporterName\n      createdAt\n      gameId\n      message {\n        ...ChatLineFields\n      }\n      context {\n        ...ChatLineFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query ChatReports($first: Int, $after: Int) {\n    chatReports(first: $first, after: $after) {\n      id\n      reason\n      reporterName\n      createdAt\n      gameId\n      message {\n        ...ChatLineFields\n      }\n      context {\n        ...ChatLineFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CloseChatReport($input: CloseChatReportInput!) {\n    closeChatReport(input: $input) {\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CloseChatReport($input: CloseChatReportInput!) {\n    closeChatReport(input: $input) {\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LiftChatTimeout($input: LiftChatTimeoutInput!) {\n    liftChatTimeout(input: $input) {\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation LiftChatTimeout($input: LiftChatTimeoutInput!) {\n    liftChatTimeout(input: $input) {\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ModerationLog($first: Int, $before: Int) {\n    moderationLog(first: $first, before: $before) {\n      id\n      moderatorName\n      action\n      targetId\n      targetName\n      gameId\n      messageId\n      reportId\n      reason\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  query ModerationLog($first: Int, $before: Int) {\n    moderationLog(first: $first, before: $before) {\n      id\n      moderatorName\n      action\n      targetId\n      targetName\n      gameId\n      messageId\n      reportId\n      reason\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ChatTimeout {\n    viewer {\n      id\n      chatTimeout {\n        until\n        reason\n      }\n    }\n  }\n"): (typeof documents)["\n  query ChatTimeout {\n    viewer {\n      id\n      chatTimeout {\n        until\n        reason\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Tournaments($status: TournamentStatus, $first: Int, $after: Cursor) {\n    tournaments(status: $status, first: $first, after: $after) {\n      totalCount\n      edges {\n        cursor\n        node {\n          id\n          name\n          format\n          seats\n          status\n          round\n          roundCount\n          entryLimit\n          entrantCount\n          startsAt\n          rated\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query Tournaments($status: TournamentStatus, $first: Int, $after: Cursor) {\n    tournaments(status: $status, first: $first, after: $after) {\n      totalCount\n      edges {\n        cursor\n        node {\n          id\n          name\n          format\n          seats\n          status\n          round\n          roundCount\n          entryLimit\n          entrantCount\n          startsAt\n          rated\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Tournament($id: ID!) {\n    tournament(id: $id) {\n      id\n      name\n      format\n      seats\n      maps\n      turnLimitSeconds\n      rated\n      ratingMode\n      entryLimit\n      startsAt\n      roundCount\n      round\n      status\n      createdAt\n      startedAt\n      finishedAt\n      creator {\n        name\n      }\n      viewerEntered\n      entrants {\n        userName\n        seed\n        enteredAt\n      }\n      rounds {\n        number\n        tableCount\n        tables {\n          number\n          bye\n          over\n          gameId\n          advancing {\n            userName\n          }\n          seats {\n            userName\n            place\n            points\n          }\n        }\n      }\n      standings {\n        rank\n        userName\n        points\n        buchholz\n        wins\n        played\n        seed\n      }\n      bracket {\n        number\n        tableCount\n        tables {\n          number\n          bye\n          over\n          gameId\n          advancing {\n            userName\n          }\n          seats {\n            userName\n            place\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Tournament($id: ID!) {\n    tournament(id: $id) {\n      id\n      name\n      format\n      seats\n      maps\n      turnLimitSeconds\n      rated\n      ratingMode\n      entryLimit\n      startsAt\n      roundCount\n      round\n      status\n      createdAt\n      startedAt\n      finishedAt\n      creator {\n        name\n      }\n      viewerEntered\n      entrants {\n        userName\n        seed\n        enteredAt\n      }\n      rounds {\n        number\n        tableCount\n        tables {\n          number\n          bye\n          over\n          gameId\n          advancing {\n            userName\n          }\n          seats {\n            userName\n            place\n            points\n          }\n        }\n      }\n      standings {\n        rank\n        userName\n        points\n        buchholz\n        wins\n        played\n        seed\n      }\n      bracket {\n        number\n        tableCount\n        tables {\n          number\n          bye\n          over\n          gameId\n          advancing {\n            userName\n          }\n          seats {\n            userName\n            place\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TournamentMaps {\n    maps(first: 100) {\n      edges {\n        node {\n          id\n          key\n          name\n          territoryCount\n          visibility\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query TournamentMaps {\n    maps(first: 100) {\n      edges {\n        node {\n          id\n          key\n          name\n          territoryCount\n          visibility\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateTournament($input: CreateTournamentInput!) {\n    createTournament(input: $input) {\n      tournament {\n        id\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateTournament($input: CreateTournamentInput!) {\n    createTournament(input: $input) {\n      tournament {\n        id\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EnterTournament($id: ID!) {\n    enterTournament(id: $id) {\n      tournament {\n        id\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation EnterTournament($id: ID!) {\n    enterTournament(id: $id) {\n      tournament {\n        id\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LeaveTournament($id: ID!) {\n    leaveTournament(id: $id) {\n      tournament {\n        id\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation LeaveTournament($id: ID!) {\n    leaveTournament(id: $id) {\n      tournament {\n        id\n      }\n      userErrors {\n        code\n        field\n        message\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;