// Players' bows with real clients: an archer draws a bow and lets go; a watcher's client tracks
// the arrow (owned by the archer), both hear the shot and the arrow sticking, the shot costs an
// arrow and a point of the bow's durability, and walking onto the arrow picks it up again (the
// collect packet). Then an arrow at the watcher hurts it and the archer hears the hit (game event 6).
'use strict'

const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const { startServer } = require('./harness/server')
const { joinBot, quitBot, waitForEvent, sleep } = require('./harness/bots')

let server
let archer
let watcher

before(async () => {
  server = await startServer()
  server.command('gamerule spawn_mobs false')
  await server.waitForLine(/Gamerule spawn_mobs is now set to: false/)
  server.command('gamerule natural_health_regeneration false')
  await server.waitForLine(/Gamerule natural_health_regeneration is now set to: false/)
  archer = await joinBot(server, 'Archer')
  watcher = await joinBot(server, 'Watcher')
  for (const bot of [archer, watcher]) {
    await bot.waitForChunksToLoad()
    await waitForEvent(bot, 'physicsTick', { accept: () => bot.entity.onGround, what: 'standing on the ground' })
  }
})

after(async () => {
  await quitBot(watcher)
  await quitBot(archer)
  if (server) assert.equal(await server.stop(), 0, 'server exit status after "stop"')
})

// The count of an item in the bot's inventory, as its client sees it.
function count (bot, name) {
  return bot.inventory.items().filter(item => item.name === name).reduce((sum, item) => sum + item.count, 0)
}

function waitForCount (bot, name, wanted) {
  return waitForEvent(bot, 'physicsTick', {
    accept: () => count(bot, name) === wanted, what: `${wanted} ${name}`
  }).catch(error => { throw new Error(`${error.message}; the bot holds ${count(bot, name)}`) })
}

// Draws the held bow for about a second and lets go.
async function shoot (bot) {
  bot.activateItem()
  await sleep(1200)
  bot.deactivateItem()
}

test('a drawn bow shoots an arrow the others see, and it is picked up again', { timeout: 60000 }, async () => {
  assert.equal(archer.game.gameMode, 'survival')
  // A stone floor with room above it and a stone wall six blocks east; the watcher stands aside.
  const at = archer.entity.position.floored()
  const since = server.mark()
  server.command(`fill ${at.x - 2} ${at.y - 1} ${at.z - 3} ${at.x + 7} ${at.y - 1} ${at.z + 3} stone`)
  server.command(`fill ${at.x - 2} ${at.y} ${at.z - 3} ${at.x + 5} ${at.y + 3} ${at.z + 3} air`)
  server.command(`fill ${at.x + 6} ${at.y} ${at.z - 3} ${at.x + 6} ${at.y + 3} ${at.z + 3} stone`)
  await server.waitForLine(/Successfully filled 28 block/, 30000, since) // the wall, the last fill
  const archerMoved = waitForEvent(archer, 'forcedMove', { what: 'the archer on the floor' })
  const watcherMoved = waitForEvent(watcher, 'forcedMove', { what: 'the watcher on the floor' })
  server.command(`tp Archer ${at.x + 0.5} ${at.y} ${at.z + 0.5}`)
  server.command(`tp Watcher ${at.x + 0.5} ${at.y} ${at.z + 2.5}`)
  await archerMoved
  await watcherMoved

  server.command('give Archer bow')
  await waitForEvent(archer, 'physicsTick', {
    accept: () => archer.inventory.slots[36] && archer.inventory.slots[36].name === 'bow', what: 'the bow in hand'
  })
  server.command('give Archer arrow 2')
  await waitForCount(archer, 'arrow', 2)

  const soundId = name => archer.registry.soundsByName[name].id - 1
  const heard = { archer: [], watcher: [] }
  archer._client.on('sound_effect', p => heard.archer.push(p.sound.soundId))
  watcher._client.on('sound_effect', p => heard.watcher.push(p.sound.soundId))
  const seen = waitForEvent(watcher, 'entitySpawn', { accept: e => e.name === 'arrow', what: 'the arrow' })
  const spawned = waitForEvent(watcher._client, 'spawn_entity', {
    accept: p => p.type === watcher.registry.entitiesByName.arrow.id, what: 'the arrow\'s spawn packet'
  })

  await archer.look(-Math.PI / 2, -0.1, true) // east (yaw -90 degrees), a little down
  await shoot(archer)
  const [arrow] = await seen
  const [spawn] = await spawned
  assert.equal(spawn.objectData, archer.entity.id, 'the spawn data names the archer')
  await waitForCount(archer, 'arrow', 1)
  await waitForEvent(archer, 'physicsTick', {
    accept: () => archer.inventory.slots[36] && archer.inventory.slots[36].durabilityUsed === 1, what: 'the bow worn by 1'
  })
  // It sticks in the wall: the hit sound for both.
  await waitForEvent(watcher, 'physicsTick', {
    accept: () => heard.watcher.includes(soundId('entity.arrow.hit')), what: 'the arrow sticking'
  })
  for (const list of [heard.archer, heard.watcher]) {
    assert.ok(list.includes(soundId('entity.arrow.shoot')), 'the shot')
    assert.ok(list.includes(soundId('entity.arrow.hit')), 'the arrow sticking')
  }

  // The archer walks up to the arrow by the wall and takes it back.
  const collected = waitForEvent(watcher._client, 'collect', {
    accept: p => p.collectedEntityId === arrow.id && p.collectorEntityId === archer.entity.id, what: 'the arrow taken'
  })
  const moved = waitForEvent(archer, 'forcedMove', { what: 'the archer by the wall' })
  server.command(`tp Archer ${at.x + 5.5} ${at.y} ${at.z + 0.5}`)
  await moved
  await collected
  await waitForCount(archer, 'arrow', 2)
  assert.deepEqual(archer.problems, [])
  assert.deepEqual(watcher.problems, [])
})

test('an arrow hurts another player and the archer hears the hit', { timeout: 60000 }, async () => {
  const at = archer.entity.position.floored()
  const moved = waitForEvent(watcher, 'forcedMove', { what: 'the watcher in the line of fire' })
  server.command(`tp Watcher ${at.x - 3.5} ${at.y} ${at.z + 0.5}`)
  await moved
  await sleep(300)
  const rang = waitForEvent(archer._client, 'game_state_change', { accept: p => p.reason === 'play_arrow_hit_sound', what: 'the hit\'s ring' })
  const hurt = waitForEvent(watcher, 'health', { accept: () => watcher.health < 20, what: 'the watcher hurt' })
  const target = archer.entities[watcher.entity.id]
  assert.ok(target, 'the archer sees the watcher')
  await archer.lookAt(target.position.offset(0, 1.2, 0), true)
  await shoot(archer)
  await hurt
  await rang
  assert.ok(watcher.health < 20, `health ${watcher.health}`)
  assert.deepEqual(archer.problems, [])
  assert.deepEqual(watcher.problems, [])
})
